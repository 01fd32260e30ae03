"""Generated from parity/schemas/manifest.v1.json by parity.schemas.checks.generate: do not edit."""
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
    '^sha256:[0-9a-f]{64}$': re.compile('^sha256:[0-9a-f]{64}\\Z')
}

NoneType = type(None)

def validate_https___parity_invalid_schemas_manifest_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}}}, '$defs': {'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, 'table': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/constraints'}}}}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'side', 'source', 'tools']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}}}, '$defs': {'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, 'table': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/constraints'}}}}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}}}, rule='required')
        data_keys = set(data.keys())
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'parity.manifest/1'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be same as const definition: parity.manifest/1", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'const': 'parity.manifest/1'}, rule='const')
        if "side" in data_keys:
            data_keys.remove("side")
            data__side = data["side"]
            if not (isinstance(data__side, str) and data__side == 'agent' or isinstance(data__side, str) and data__side == 'server'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".side must be one of ['agent', 'server']", value=data__side, name="" + (name_prefix or "data") + ".side", definition={'enum': ['agent', 'server']}, rule='enum')
        if "source" in data_keys:
            data_keys.remove("source")
            data__source = data["source"]
            if not isinstance(data__source, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source must be string", value=data__source, name="" + (name_prefix or "data") + ".source", definition={'type': 'string'}, rule='type')
        if "server" in data_keys:
            data_keys.remove("server")
            data__server = data["server"]
            if not isinstance(data__server, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".server must be string", value=data__server, name="" + (name_prefix or "data") + ".server", definition={'type': 'string'}, rule='type')
        if "tool_id_form" in data_keys:
            data_keys.remove("tool_id_form")
            data__toolidform = data["tool_id_form"]
            if not isinstance(data__toolidform, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tool_id_form must be string", value=data__toolidform, name="" + (name_prefix or "data") + ".tool_id_form", definition={'type': 'string'}, rule='type')
        if "warnings" in data_keys:
            data_keys.remove("warnings")
            data__warnings = data["warnings"]
            if not isinstance(data__warnings, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".warnings must be array", value=data__warnings, name="" + (name_prefix or "data") + ".warnings", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__warnings_is_list = isinstance(data__warnings, (list, tuple))
            if data__warnings_is_list:
                data__warnings_len = len(data__warnings)
                for data__warnings_x, data__warnings_item in enumerate(data__warnings):
                    if not isinstance(data__warnings_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".warnings[{data__warnings_x}]".format(**locals()) + " must be string", value=data__warnings_item, name="" + (name_prefix or "data") + ".warnings[{data__warnings_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "tools" in data_keys:
            data_keys.remove("tools")
            data__tools = data["tools"]
            if not isinstance(data__tools, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tools must be object", value=data__tools, name="" + (name_prefix or "data") + ".tools", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}}, rule='type')
            data__tools_is_dict = isinstance(data__tools, dict)
            if data__tools_is_dict:
                data__tools_keys = set(data__tools.keys())
                for data__tools_key in data__tools_keys:
                    if data__tools_key not in []:
                        data__tools_value = data__tools.get(data__tools_key)
                        validate_https___parity_invalid_schemas_manifest_v1_json___defs_tool(data__tools_value, custom_formats, (name_prefix or "data") + ".tools.{data__tools_key}".format(**locals()))
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}}}, '$defs': {'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, 'table': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/constraints'}}}}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_tool(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['hash', 'in', 'out']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, rule='required')
        data_keys = set(data.keys())
        if "hash" in data_keys:
            data_keys.remove("hash")
            data__hash = data["hash"]
            if not isinstance(data__hash, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hash must be string", value=data__hash, name="" + (name_prefix or "data") + ".hash", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='type')
            if isinstance(data__hash, str):
                if not REGEX_PATTERNS['^sha256:[0-9a-f]{64}$'].search(data__hash):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hash must match pattern ^sha256:[0-9a-f]{64}$", value=data__hash, name="" + (name_prefix or "data") + ".hash", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='pattern')
        if "name" in data_keys:
            data_keys.remove("name")
            data__name = data["name"]
            if not isinstance(data__name, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be string", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'type': 'string'}, rule='type')
        if "description" in data_keys:
            data_keys.remove("description")
            data__description = data["description"]
            if not isinstance(data__description, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".description must be string", value=data__description, name="" + (name_prefix or "data") + ".description", definition={'type': 'string'}, rule='type')
        if "in" in data_keys:
            data_keys.remove("in")
            data__in = data["in"]
            validate_https___parity_invalid_schemas_manifest_v1_json___defs_table(data__in, custom_formats, (name_prefix or "data") + ".in")
        if "out" in data_keys:
            data_keys.remove("out")
            data__out = data["out"]
            data__out_any_of_count1 = 0
            if not data__out_any_of_count1:
                try:
                    validate_https___parity_invalid_schemas_manifest_v1_json___defs_table(data__out, custom_formats, (name_prefix or "data") + ".out")
                    data__out_any_of_count1 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if not data__out_any_of_count1:
                try:
                    if not isinstance(data__out, (NoneType)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".out must be null", value=data__out, name="" + (name_prefix or "data") + ".out", definition={'type': 'null'}, rule='type')
                    data__out_any_of_count1 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if not data__out_any_of_count1:
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".out cannot be validated by any definition", value=data__out, name="" + (name_prefix or "data") + ".out", definition={'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, rule='anyOf')
        if "observed" in data_keys:
            data_keys.remove("observed")
            data__observed = data["observed"]
            if not isinstance(data__observed, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".observed must be boolean", value=data__observed, name="" + (name_prefix or "data") + ".observed", definition={'type': 'boolean'}, rule='type')
        if "invalid" in data_keys:
            data_keys.remove("invalid")
            data__invalid = data["invalid"]
            if not isinstance(data__invalid, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".invalid must be array", value=data__invalid, name="" + (name_prefix or "data") + ".invalid", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__invalid_is_list = isinstance(data__invalid, (list, tuple))
            if data__invalid_is_list:
                data__invalid_len = len(data__invalid)
                for data__invalid_x, data__invalid_item in enumerate(data__invalid):
                    if not isinstance(data__invalid_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".invalid[{data__invalid_x}]".format(**locals()) + " must be string", value=data__invalid_item, name="" + (name_prefix or "data") + ".invalid[{data__invalid_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, 'out': {'anyOf': [{'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/entry'}}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_table(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/constraints'}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                validate_https___parity_invalid_schemas_manifest_v1_json___defs_entry(data_value, custom_formats, (name_prefix or "data") + ".{data_key}".format(**locals()))
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['type', 'required']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}, rule='required')
        data_keys = set(data.keys())
        if "type" in data_keys:
            data_keys.remove("type")
            data__type = data["type"]
            if not isinstance(data__type, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".type must be array", value=data__type, name="" + (name_prefix or "data") + ".type", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, rule='type')
            data__type_is_list = isinstance(data__type, (list, tuple))
            if data__type_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__type_len = len(data__type)
                if data__type_len > len(set(fn(data__type_x) for data__type_x in data__type)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".type must contain unique items", value=data__type, name="" + (name_prefix or "data") + ".type", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, rule='uniqueItems')
                for data__type_x, data__type_item in enumerate(data__type):
                    if not (isinstance(data__type_item, str) and data__type_item == 'any' or isinstance(data__type_item, str) and data__type_item == 'array' or isinstance(data__type_item, str) and data__type_item == 'boolean' or isinstance(data__type_item, str) and data__type_item == 'integer' or isinstance(data__type_item, str) and data__type_item == 'null' or isinstance(data__type_item, str) and data__type_item == 'number' or isinstance(data__type_item, str) and data__type_item == 'object' or isinstance(data__type_item, str) and data__type_item == 'string'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".type[{data__type_x}]".format(**locals()) + " must be one of ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']", value=data__type_item, name="" + (name_prefix or "data") + ".type[{data__type_x}]".format(**locals()) + "", definition={'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}, rule='enum')
        if "required" in data_keys:
            data_keys.remove("required")
            data__required = data["required"]
            if not isinstance(data__required, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".required must be boolean", value=data__required, name="" + (name_prefix or "data") + ".required", definition={'type': 'boolean'}, rule='type')
        if "closed" in data_keys:
            data_keys.remove("closed")
            data__closed = data["closed"]
            if not isinstance(data__closed, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".closed must be boolean", value=data__closed, name="" + (name_prefix or "data") + ".closed", definition={'type': 'boolean'}, rule='type')
        if "enum" in data_keys:
            data_keys.remove("enum")
            data__enum = data["enum"]
            if not isinstance(data__enum, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum must be array", value=data__enum, name="" + (name_prefix or "data") + ".enum", definition={'type': 'array'}, rule='type')
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not isinstance(data__format, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be string", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'type': 'string'}, rule='type')
        if "default" in data_keys:
            data_keys.remove("default")
            data__default = data["default"]
            pass
        if "description" in data_keys:
            data_keys.remove("description")
            data__description = data["description"]
            if not isinstance(data__description, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".description must be string", value=data__description, name="" + (name_prefix or "data") + ".description", definition={'type': 'string'}, rule='type')
        if "patterns" in data_keys:
            data_keys.remove("patterns")
            data__patterns = data["patterns"]
            if not isinstance(data__patterns, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".patterns must be array", value=data__patterns, name="" + (name_prefix or "data") + ".patterns", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__patterns_is_list = isinstance(data__patterns, (list, tuple))
            if data__patterns_is_list:
                data__patterns_len = len(data__patterns)
                for data__patterns_x, data__patterns_item in enumerate(data__patterns):
                    if not isinstance(data__patterns_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".patterns[{data__patterns_x}]".format(**locals()) + " must be string", value=data__patterns_item, name="" + (name_prefix or "data") + ".patterns[{data__patterns_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "recursive" in data_keys:
            data_keys.remove("recursive")
            data__recursive = data["recursive"]
            if not isinstance(data__recursive, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".recursive must be string", value=data__recursive, name="" + (name_prefix or "data") + ".recursive", definition={'type': 'string'}, rule='type')
        if "unresolved" in data_keys:
            data_keys.remove("unresolved")
            data__unresolved = data["unresolved"]
            if not isinstance(data__unresolved, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".unresolved must be array", value=data__unresolved, name="" + (name_prefix or "data") + ".unresolved", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__unresolved_is_list = isinstance(data__unresolved, (list, tuple))
            if data__unresolved_is_list:
                data__unresolved_len = len(data__unresolved)
                for data__unresolved_x, data__unresolved_item in enumerate(data__unresolved):
                    if not isinstance(data__unresolved_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".unresolved[{data__unresolved_x}]".format(**locals()) + " must be string", value=data__unresolved_item, name="" + (name_prefix or "data") + ".unresolved[{data__unresolved_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "unsupported" in data_keys:
            data_keys.remove("unsupported")
            data__unsupported = data["unsupported"]
            if not isinstance(data__unsupported, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".unsupported must be array", value=data__unsupported, name="" + (name_prefix or "data") + ".unsupported", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__unsupported_is_list = isinstance(data__unsupported, (list, tuple))
            if data__unsupported_is_list:
                data__unsupported_len = len(data__unsupported)
                for data__unsupported_x, data__unsupported_item in enumerate(data__unsupported):
                    if not isinstance(data__unsupported_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".unsupported[{data__unsupported_x}]".format(**locals()) + " must be string", value=data__unsupported_item, name="" + (name_prefix or "data") + ".unsupported[{data__unsupported_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "constraints" in data_keys:
            data_keys.remove("constraints")
            data__constraints = data["constraints"]
            validate_https___parity_invalid_schemas_manifest_v1_json___defs_constraints(data__constraints, custom_formats, (name_prefix or "data") + ".constraints")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_constraints(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "pattern" in data_keys:
            data_keys.remove("pattern")
            data__pattern = data["pattern"]
            if not isinstance(data__pattern, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".pattern must be array", value=data__pattern, name="" + (name_prefix or "data") + ".pattern", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, rule='type')
            data__pattern_is_list = isinstance(data__pattern, (list, tuple))
            if data__pattern_is_list:
                data__pattern_len = len(data__pattern)
                if data__pattern_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".pattern must contain at least 1 items", value=data__pattern, name="" + (name_prefix or "data") + ".pattern", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, rule='minItems')
                for data__pattern_x, data__pattern_item in enumerate(data__pattern):
                    if not isinstance(data__pattern_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".pattern[{data__pattern_x}]".format(**locals()) + " must be string", value=data__pattern_item, name="" + (name_prefix or "data") + ".pattern[{data__pattern_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "minLength" in data_keys:
            data_keys.remove("minLength")
            data__minLength = data["minLength"]
            if not isinstance(data__minLength, (int)) and not (isinstance(data__minLength, float) and data__minLength.is_integer()) or isinstance(data__minLength, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".minLength must be integer", value=data__minLength, name="" + (name_prefix or "data") + ".minLength", definition={'type': 'integer', 'minimum': 0}, rule='type')
            if isinstance(data__minLength, (int, float, Decimal)) and not isinstance(data__minLength, bool):
                if data__minLength < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".minLength must be bigger than or equal to 0", value=data__minLength, name="" + (name_prefix or "data") + ".minLength", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
        if "maxLength" in data_keys:
            data_keys.remove("maxLength")
            data__maxLength = data["maxLength"]
            if not isinstance(data__maxLength, (int)) and not (isinstance(data__maxLength, float) and data__maxLength.is_integer()) or isinstance(data__maxLength, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".maxLength must be integer", value=data__maxLength, name="" + (name_prefix or "data") + ".maxLength", definition={'type': 'integer', 'minimum': 0}, rule='type')
            if isinstance(data__maxLength, (int, float, Decimal)) and not isinstance(data__maxLength, bool):
                if data__maxLength < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".maxLength must be bigger than or equal to 0", value=data__maxLength, name="" + (name_prefix or "data") + ".maxLength", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
        if "minItems" in data_keys:
            data_keys.remove("minItems")
            data__minItems = data["minItems"]
            if not isinstance(data__minItems, (int)) and not (isinstance(data__minItems, float) and data__minItems.is_integer()) or isinstance(data__minItems, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".minItems must be integer", value=data__minItems, name="" + (name_prefix or "data") + ".minItems", definition={'type': 'integer', 'minimum': 0}, rule='type')
            if isinstance(data__minItems, (int, float, Decimal)) and not isinstance(data__minItems, bool):
                if data__minItems < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".minItems must be bigger than or equal to 0", value=data__minItems, name="" + (name_prefix or "data") + ".minItems", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
        if "maxItems" in data_keys:
            data_keys.remove("maxItems")
            data__maxItems = data["maxItems"]
            if not isinstance(data__maxItems, (int)) and not (isinstance(data__maxItems, float) and data__maxItems.is_integer()) or isinstance(data__maxItems, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".maxItems must be integer", value=data__maxItems, name="" + (name_prefix or "data") + ".maxItems", definition={'type': 'integer', 'minimum': 0}, rule='type')
            if isinstance(data__maxItems, (int, float, Decimal)) and not isinstance(data__maxItems, bool):
                if data__maxItems < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".maxItems must be bigger than or equal to 0", value=data__maxItems, name="" + (name_prefix or "data") + ".maxItems", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
        if "uniqueItems" in data_keys:
            data_keys.remove("uniqueItems")
            data__uniqueItems = data["uniqueItems"]
            if not isinstance(data__uniqueItems, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".uniqueItems must be boolean", value=data__uniqueItems, name="" + (name_prefix or "data") + ".uniqueItems", definition={'const': True, 'type': 'boolean'}, rule='type')
            if not (isinstance(data__uniqueItems, bool) and data__uniqueItems is True):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".uniqueItems must be same as const definition: True", value=data__uniqueItems, name="" + (name_prefix or "data") + ".uniqueItems", definition={'const': True, 'type': 'boolean'}, rule='const')
        if "minimum" in data_keys:
            data_keys.remove("minimum")
            data__minimum = data["minimum"]
            if not isinstance(data__minimum, (int, float, Decimal)) or isinstance(data__minimum, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".minimum must be number", value=data__minimum, name="" + (name_prefix or "data") + ".minimum", definition={'type': 'number'}, rule='type')
        if "maximum" in data_keys:
            data_keys.remove("maximum")
            data__maximum = data["maximum"]
            if not isinstance(data__maximum, (int, float, Decimal)) or isinstance(data__maximum, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".maximum must be number", value=data__maximum, name="" + (name_prefix or "data") + ".maximum", definition={'type': 'number'}, rule='type')
        if "exclusiveMinimum" in data_keys:
            data_keys.remove("exclusiveMinimum")
            data__exclusiveMinimum = data["exclusiveMinimum"]
            if not isinstance(data__exclusiveMinimum, (int, float, Decimal)) or isinstance(data__exclusiveMinimum, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".exclusiveMinimum must be number", value=data__exclusiveMinimum, name="" + (name_prefix or "data") + ".exclusiveMinimum", definition={'type': 'number'}, rule='type')
        if "exclusiveMaximum" in data_keys:
            data_keys.remove("exclusiveMaximum")
            data__exclusiveMaximum = data["exclusiveMaximum"]
            if not isinstance(data__exclusiveMaximum, (int, float, Decimal)) or isinstance(data__exclusiveMaximum, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".exclusiveMaximum must be number", value=data__exclusiveMaximum, name="" + (name_prefix or "data") + ".exclusiveMaximum", definition={'type': 'number'}, rule='type')
        if "multipleOf" in data_keys:
            data_keys.remove("multipleOf")
            data__multipleOf = data["multipleOf"]
            if not isinstance(data__multipleOf, (int, float, Decimal)) or isinstance(data__multipleOf, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".multipleOf must be number", value=data__multipleOf, name="" + (name_prefix or "data") + ".multipleOf", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='type')
            if isinstance(data__multipleOf, (int, float, Decimal)) and not isinstance(data__multipleOf, bool):
                if data__multipleOf <= 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".multipleOf must be bigger than 0", value=data__multipleOf, name="" + (name_prefix or "data") + ".multipleOf", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='exclusiveMinimum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, rule='additionalProperties')
    return data

validate = validate_https___parity_invalid_schemas_manifest_v1_json
