"""Generated from parity/schemas/manifest.v1.json (part 0 of manifest_parts) by parity.schemas.checks.generate: do not edit."""
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
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}}}, '$defs': {'names': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'array', 'minItems': 1}, 'keyValues': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 1}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, 'table': {'type': 'object'}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['values', 'requires', 'takes'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}, {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['requires', 'takes'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}, {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}]}}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'side', 'source', 'tools']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}}}, '$defs': {'names': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'array', 'minItems': 1}, 'keyValues': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 1}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, 'table': {'type': 'object'}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['values', 'requires', 'takes'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}, {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['requires', 'takes'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}, {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}]}}}}}}, rule='required')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".warnings[{data__warnings_x}]" + " must be string", value=data__warnings_item, name="" + (name_prefix or "data") + f".warnings[{data__warnings_x}]" + "", definition={'type': 'string'}, rule='type')
        if "tools" in data_keys:
            data_keys.remove("tools")
            data__tools = data["tools"]
            if not isinstance(data__tools, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tools must be object", value=data__tools, name="" + (name_prefix or "data") + ".tools", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}}, rule='type')
            data__tools_is_dict = isinstance(data__tools, dict)
            if data__tools_is_dict:
                data__tools_keys = set(data__tools.keys())
                for data__tools_key in data__tools_keys:
                    if data__tools_key not in []:
                        data__tools_value = data__tools.get(data__tools_key)
                        validate_https___parity_invalid_schemas_manifest_v1_json___defs_tool(data__tools_value, custom_formats, (name_prefix or "data") + f".tools.{data__tools_key}")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/manifest.v1.json', 'title': 'parity field-path manifest, format 1', 'type': 'object', 'required': ['format', 'side', 'source', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.manifest/1'}, 'side': {'enum': ['agent', 'server']}, 'source': {'type': 'string'}, 'server': {'type': 'string'}, 'tool_id_form': {'type': 'string'}, 'warnings': {'type': 'array', 'items': {'type': 'string'}}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/table'}, 'out': {'anyOf': [{'$ref': '#/$defs/table'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}}}, '$defs': {'names': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'array', 'minItems': 1}, 'keyValues': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 1}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'tool': {'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, 'table': {'type': 'object'}, 'entry': {'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['values', 'requires', 'takes'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}, {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'anyOf': [{'type': 'object', 'required': ['requires', 'takes'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}, {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': 'https://parity.invalid/schemas/manifest.v1.json#/$defs/values'}}}}]}}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_tool(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['hash', 'in', 'out']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, rule='required')
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
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".out cannot be validated by any definition", value=data__out, name="" + (name_prefix or "data") + ".out", definition={'anyOf': [{'type': 'object'}, {'type': 'null'}]}, rule='anyOf')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".invalid[{data__invalid_x}]" + " must be string", value=data__invalid_item, name="" + (name_prefix or "data") + f".invalid[{data__invalid_x}]" + "", definition={'type': 'string'}, rule='type')
        if "calls" in data_keys:
            data_keys.remove("calls")
            data__calls = data["calls"]
            if not isinstance(data__calls, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".calls must be array", value=data__calls, name="" + (name_prefix or "data") + ".calls", definition={'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}, rule='type')
            data__calls_is_list = isinstance(data__calls, (list, tuple))
            if data__calls_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__calls_len = len(data__calls)
                if data__calls_len > len(set(fn(data__calls_x) for data__calls_x in data__calls)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".calls must contain unique items", value=data__calls, name="" + (name_prefix or "data") + ".calls", definition={'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}, rule='uniqueItems')
                for data__calls_x, data__calls_item in enumerate(data__calls):
                    if not (isinstance(data__calls_item, str) and data__calls_item == 'plain' or isinstance(data__calls_item, str) and data__calls_item == 'task'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".calls[{data__calls_x}]" + " must be one of ['plain', 'task']", value=data__calls_item, name="" + (name_prefix or "data") + f".calls[{data__calls_x}]" + "", definition={'enum': ['plain', 'task']}, rule='enum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['hash', 'in', 'out'], 'additionalProperties': False, 'properties': {'hash': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'name': {'type': 'string'}, 'description': {'type': 'string'}, 'in': {'type': 'object'}, 'out': {'anyOf': [{'type': 'object'}, {'type': 'null'}]}, 'observed': {'type': 'boolean'}, 'invalid': {'type': 'array', 'items': {'type': 'string'}}, 'calls': {'type': 'array', 'items': {'enum': ['plain', 'task']}, 'uniqueItems': True}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_manifest_v1_json___defs_table(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object'}, rule='type')
    return data

validate = validate_https___parity_invalid_schemas_manifest_v1_json
