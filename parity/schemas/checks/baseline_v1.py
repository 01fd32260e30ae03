"""Generated from parity/schemas/baseline.v1.json by parity.schemas.checks.generate: do not edit."""
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

def validate_https___parity_invalid_schemas_baseline_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v1.json', 'title': 'parity baseline, format 1', 'description': 'Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line.', 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/1'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'entries']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v1.json', 'title': 'parity baseline, format 1', 'description': 'Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line.', 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/1'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, rule='required')
        data_keys = set(data.keys())
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'parity.baseline/1'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be same as const definition: parity.baseline/1", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'const': 'parity.baseline/1'}, rule='const')
        if "entries" in data_keys:
            data_keys.remove("entries")
            data__entries = data["entries"]
            if not isinstance(data__entries, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must be array", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}, rule='type')
            data__entries_is_list = isinstance(data__entries, (list, tuple))
            if data__entries_is_list:
                data__entries_len = len(data__entries)
                for data__entries_x, data__entries_item in enumerate(data__entries):
                    validate_https___parity_invalid_schemas_baseline_v1_json___defs_entry(data__entries_item, custom_formats, (name_prefix or "data") + f".entries[{data__entries_x}]")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/baseline.v1.json', 'title': 'parity baseline, format 1', 'description': 'Known, accepted differences of one pair. Entries are keyed by (tool, rule, path); parity writes them sorted, one per line.', 'type': 'object', 'required': ['format', 'entries'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.baseline/1'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, '$defs': {'entry': {'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_baseline_v1_json___defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['tool', 'rule', 'path']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='required')
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
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['tool', 'rule', 'path'], 'additionalProperties': False, 'properties': {'tool': {'type': 'string', 'minLength': 1}, 'rule': {'type': 'string', 'pattern': '^[a-z]+\\.[a-z][a-z0-9-]*$'}, 'path': {'type': 'string'}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='additionalProperties')
    return data

validate = validate_https___parity_invalid_schemas_baseline_v1_json
