"""Generated from parity/schemas/baseline.v2.json by parity.schemas.checks.generate: do not edit."""
# ruff: noqa
# mypy: ignore-errors
VERSION = "2.22.3"
from decimal import Decimal
import re
class JsonSchemaValueException(ValueError):
    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)


JsonSchemaValuesException = JsonSchemaValueException


REGEX_PATTERNS = {
    '^[a-z]+\\.[a-z][a-z0-9-]*$': re.compile('^[a-z]+\\.[a-z][a-z0-9-]*\\Z')
}

NoneType = type(None)

def validate_https___parity_invalid_schemas_baseline_v2_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v2.json', 'title': 'parity baseline, format 2', 'description': "Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line. An entry's facts are the units of the difference reviewed when it was accepted (its values, types or constraints), sorted: a finding at its key with other facts is reported as changed.", 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/2'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'entries']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v2.json', 'title': 'parity baseline, format 2', 'description': "Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line. An entry's facts are the units of the difference reviewed when it was accepted (its values, types or constraints), sorted: a finding at its key with other facts is reported as changed.", 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/2'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, rule='required')
        data_keys = set(data.keys())
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'parity.baseline/2'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be same as const definition: parity.baseline/2", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'const': 'parity.baseline/2'}, rule='const')
        if "entries" in data_keys:
            data_keys.remove("entries")
            data__entries = data["entries"]
            if not isinstance(data__entries, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must be array", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}, rule='type')
            data__entries_is_list = isinstance(data__entries, (list, tuple))
            if data__entries_is_list:
                data__entries_len = len(data__entries)
                for data__entries_x, data__entries_item in enumerate(data__entries):
                    validate_https___parity_invalid_schemas_baseline_v2_json___defs_entry(data__entries_item, custom_formats, (name_prefix or "data") + f".entries[{data__entries_x}]")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v2.json', 'title': 'parity baseline, format 2', 'description': "Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line. An entry's facts are the units of the difference reviewed when it was accepted (its values, types or constraints), sorted: a finding at its key with other facts is reported as changed.", 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/2'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_baseline_v2_json___defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['tool', 'rule', 'path']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}, rule='required')
        data_keys = set(data.keys())
        if "tool" in data_keys:
            data_keys.remove("tool")
            data__tool = data["tool"]
            if not isinstance(data__tool, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tool must be string", value=data__tool, name="" + (name_prefix or "data") + ".tool", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__tool, str):
                data__tool_len = len(data__tool)
                if data__tool_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".tool must be longer than or equal to 1 characters", value=data__tool, name="" + (name_prefix or "data") + ".tool", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "rule" in data_keys:
            data_keys.remove("rule")
            data__rule = data["rule"]
            if not isinstance(data__rule, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".rule must be string", value=data__rule, name="" + (name_prefix or "data") + ".rule", definition={'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, rule='type')
            if isinstance(data__rule, str):
                if not REGEX_PATTERNS['^[a-z]+\\.[a-z][a-z0-9-]*$'].search(data__rule):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".rule must match pattern ^[a-z]+\\.[a-z][a-z0-9-]*$", value=data__rule, name="" + (name_prefix or "data") + ".rule", definition={'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, rule='pattern')
        if "path" in data_keys:
            data_keys.remove("path")
            data__path = data["path"]
            if not isinstance(data__path, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".path must be string", value=data__path, name="" + (name_prefix or "data") + ".path", definition={'type': 'string'}, rule='type')
        if "reason" in data_keys:
            data_keys.remove("reason")
            data__reason = data["reason"]
            if not isinstance(data__reason, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reason must be string", value=data__reason, name="" + (name_prefix or "data") + ".reason", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__reason, str):
                data__reason_len = len(data__reason)
                if data__reason_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reason must be longer than or equal to 1 characters", value=data__reason, name="" + (name_prefix or "data") + ".reason", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "facts" in data_keys:
            data_keys.remove("facts")
            data__facts = data["facts"]
            if not isinstance(data__facts, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".facts must be array", value=data__facts, name="" + (name_prefix or "data") + ".facts", definition={'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}, rule='type')
            data__facts_is_list = isinstance(data__facts, (list, tuple))
            if data__facts_is_list:
                data__facts_len = len(data__facts)
                if data__facts_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".facts must contain at least 1 items", value=data__facts, name="" + (name_prefix or "data") + ".facts", definition={'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}, rule='minItems')
                if data__facts_len > 1000:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".facts must contain less than or equal to 1000 items", value=data__facts, name="" + (name_prefix or "data") + ".facts", definition={'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}, rule='maxItems')
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                if data__facts_len > len(set(fn(data__facts_x) for data__facts_x in data__facts)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".facts must contain unique items", value=data__facts, name="" + (name_prefix or "data") + ".facts", definition={'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}, rule='uniqueItems')
                for data__facts_x, data__facts_item in enumerate(data__facts):
                    if not isinstance(data__facts_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".facts[{data__facts_x}]" + " must be string", value=data__facts_item, name="" + (name_prefix or "data") + f".facts[{data__facts_x}]" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 1000}, rule='type')
                    if isinstance(data__facts_item, str):
                        data__facts_item_len = len(data__facts_item)
                        if data__facts_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".facts[{data__facts_x}]" + " must be longer than or equal to 1 characters", value=data__facts_item, name="" + (name_prefix or "data") + f".facts[{data__facts_x}]" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 1000}, rule='minLength')
                        if data__facts_item_len > 1000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".facts[{data__facts_x}]" + " must be shorter than or equal to 1000 characters", value=data__facts_item, name="" + (name_prefix or "data") + f".facts[{data__facts_x}]" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 1000}, rule='maxLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}, 'facts': {'type': 'array', 'minItems': 1, 'maxItems': 1000, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1, 'maxLength': 1000}}}}, rule='additionalProperties')
    return data

validate = validate_https___parity_invalid_schemas_baseline_v2_json
