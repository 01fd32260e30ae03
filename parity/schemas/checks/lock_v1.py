"""Generated from parity/schemas/lock.v1.json by parity.schemas.checks.generate: do not edit."""
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

def validate_https___parity_invalid_schemas_lock_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/lock.v1.json', 'title': 'parity lock file, format 1 (docs/lock.md)', 'type': 'object', 'required': ['format', 'server', 'hash', 'hashed_fields', 'catalog', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.lock/1'}, 'server': {'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, 'hash': {'type': 'object', 'additionalProperties': {'type': 'string'}}, 'hashed_fields': {'type': 'object'}, 'catalog': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'surface': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, '$defs': {'digest': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tool': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'server', 'hash', 'hashed_fields', 'catalog', 'tools']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/lock.v1.json', 'title': 'parity lock file, format 1 (docs/lock.md)', 'type': 'object', 'required': ['format', 'server', 'hash', 'hashed_fields', 'catalog', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.lock/1'}, 'server': {'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, 'hash': {'type': 'object', 'additionalProperties': {'type': 'string'}}, 'hashed_fields': {'type': 'object'}, 'catalog': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'surface': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, '$defs': {'digest': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tool': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, rule='required')
        data_keys = set(data.keys())
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'parity.lock/1'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be same as const definition: parity.lock/1", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'const': 'parity.lock/1'}, rule='const')
        if "server" in data_keys:
            data_keys.remove("server")
            data__server = data["server"]
            if not isinstance(data__server, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".server must be object", value=data__server, name="" + (name_prefix or "data") + ".server", definition={'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, rule='type')
            data__server_is_dict = isinstance(data__server, dict)
            if data__server_is_dict:
                data__server__missing_keys = set(['name', 'reported']) - data__server.keys()
                if data__server__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".server must contain " + (str(sorted(data__server__missing_keys)) + " properties"), value=data__server, name="" + (name_prefix or "data") + ".server", definition={'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, rule='required')
                data__server_keys = set(data__server.keys())
                if "name" in data__server_keys:
                    data__server_keys.remove("name")
                    data__server__name = data__server["name"]
                    if not isinstance(data__server__name, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.name must be string", value=data__server__name, name="" + (name_prefix or "data") + ".server.name", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__server__name, str):
                        data__server__name_len = len(data__server__name)
                        if data__server__name_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.name must be longer than or equal to 1 characters", value=data__server__name, name="" + (name_prefix or "data") + ".server.name", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "reported" in data__server_keys:
                    data__server_keys.remove("reported")
                    data__server__reported = data__server["reported"]
                    if not isinstance(data__server__reported, (dict, NoneType)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.reported must be object or null", value=data__server__reported, name="" + (name_prefix or "data") + ".server.reported", definition={'type': ['object', 'null']}, rule='type')
                if "protocol_version" in data__server_keys:
                    data__server_keys.remove("protocol_version")
                    data__server__protocolversion = data__server["protocol_version"]
                    if not isinstance(data__server__protocolversion, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.protocol_version must be string", value=data__server__protocolversion, name="" + (name_prefix or "data") + ".server.protocol_version", definition={'type': 'string'}, rule='type')
                if "renamed_from" in data__server_keys:
                    data__server_keys.remove("renamed_from")
                    data__server__renamedfrom = data__server["renamed_from"]
                    if not isinstance(data__server__renamedfrom, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.renamed_from must be array", value=data__server__renamedfrom, name="" + (name_prefix or "data") + ".server.renamed_from", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
                    data__server__renamedfrom_is_list = isinstance(data__server__renamedfrom, (list, tuple))
                    if data__server__renamedfrom_is_list:
                        data__server__renamedfrom_len = len(data__server__renamedfrom)
                        for data__server__renamedfrom_x, data__server__renamedfrom_item in enumerate(data__server__renamedfrom):
                            if not isinstance(data__server__renamedfrom_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".server.renamed_from[{data__server__renamedfrom_x}]" + " must be string", value=data__server__renamedfrom_item, name="" + (name_prefix or "data") + f".server.renamed_from[{data__server__renamedfrom_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                            if isinstance(data__server__renamedfrom_item, str):
                                data__server__renamedfrom_item_len = len(data__server__renamedfrom_item)
                                if data__server__renamedfrom_item_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".server.renamed_from[{data__server__renamedfrom_x}]" + " must be longer than or equal to 1 characters", value=data__server__renamedfrom_item, name="" + (name_prefix or "data") + f".server.renamed_from[{data__server__renamedfrom_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "client_capabilities" in data__server_keys:
                    data__server_keys.remove("client_capabilities")
                    data__server__clientcapabilities = data__server["client_capabilities"]
                    if not isinstance(data__server__clientcapabilities, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.client_capabilities must be array", value=data__server__clientcapabilities, name="" + (name_prefix or "data") + ".server.client_capabilities", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}, rule='type')
                    data__server__clientcapabilities_is_list = isinstance(data__server__clientcapabilities, (list, tuple))
                    if data__server__clientcapabilities_is_list:
                        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                        data__server__clientcapabilities_len = len(data__server__clientcapabilities)
                        if data__server__clientcapabilities_len > len(set(fn(data__server__clientcapabilities_x) for data__server__clientcapabilities_x in data__server__clientcapabilities)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".server.client_capabilities must contain unique items", value=data__server__clientcapabilities, name="" + (name_prefix or "data") + ".server.client_capabilities", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}, rule='uniqueItems')
                        for data__server__clientcapabilities_x, data__server__clientcapabilities_item in enumerate(data__server__clientcapabilities):
                            if not (isinstance(data__server__clientcapabilities_item, str) and data__server__clientcapabilities_item == 'elicitation' or isinstance(data__server__clientcapabilities_item, str) and data__server__clientcapabilities_item == 'roots' or isinstance(data__server__clientcapabilities_item, str) and data__server__clientcapabilities_item == 'sampling'):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".server.client_capabilities[{data__server__clientcapabilities_x}]" + " must be one of ['elicitation', 'roots', 'sampling']", value=data__server__clientcapabilities_item, name="" + (name_prefix or "data") + f".server.client_capabilities[{data__server__clientcapabilities_x}]" + "", definition={'enum': ['elicitation', 'roots', 'sampling']}, rule='enum')
                if data__server_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".server must not contain "+str(data__server_keys)+" properties", value=data__server, name="" + (name_prefix or "data") + ".server", definition={'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, rule='additionalProperties')
        if "hash" in data_keys:
            data_keys.remove("hash")
            data__hash = data["hash"]
            if not isinstance(data__hash, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hash must be object", value=data__hash, name="" + (name_prefix or "data") + ".hash", definition={'type': 'object', 'additionalProperties': {'type': 'string'}}, rule='type')
            data__hash_is_dict = isinstance(data__hash, dict)
            if data__hash_is_dict:
                data__hash_keys = set(data__hash.keys())
                for data__hash_key in data__hash_keys:
                    if data__hash_key not in []:
                        data__hash_value = data__hash.get(data__hash_key)
                        if not isinstance(data__hash_value, (str)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".hash.{data__hash_key}" + " must be string", value=data__hash_value, name="" + (name_prefix or "data") + f".hash.{data__hash_key}" + "", definition={'type': 'string'}, rule='type')
        if "hashed_fields" in data_keys:
            data_keys.remove("hashed_fields")
            data__hashedfields = data["hashed_fields"]
            if not isinstance(data__hashedfields, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hashed_fields must be object", value=data__hashedfields, name="" + (name_prefix or "data") + ".hashed_fields", definition={'type': 'object'}, rule='type')
        if "catalog" in data_keys:
            data_keys.remove("catalog")
            data__catalog = data["catalog"]
            validate_https___parity_invalid_schemas_lock_v1_json___defs_digest(data__catalog, custom_formats, (name_prefix or "data") + ".catalog")
        if "tools" in data_keys:
            data_keys.remove("tools")
            data__tools = data["tools"]
            if not isinstance(data__tools, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tools must be object", value=data__tools, name="" + (name_prefix or "data") + ".tools", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'surface': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}, rule='type')
            data__tools_is_dict = isinstance(data__tools, dict)
            if data__tools_is_dict:
                data__tools_keys = set(data__tools.keys())
                for data__tools_key in data__tools_keys:
                    if data__tools_key not in []:
                        data__tools_value = data__tools.get(data__tools_key)
                        validate_https___parity_invalid_schemas_lock_v1_json___defs_tool(data__tools_value, custom_formats, (name_prefix or "data") + f".tools.{data__tools_key}")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://parity.invalid/schemas/lock.v1.json', 'title': 'parity lock file, format 1 (docs/lock.md)', 'type': 'object', 'required': ['format', 'server', 'hash', 'hashed_fields', 'catalog', 'tools'], 'additionalProperties': False, 'properties': {'format': {'const': 'parity.lock/1'}, 'server': {'type': 'object', 'required': ['name', 'reported'], 'additionalProperties': False, 'properties': {'name': {'type': 'string', 'minLength': 1}, 'reported': {'type': ['object', 'null']}, 'protocol_version': {'type': 'string'}, 'renamed_from': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'client_capabilities': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['elicitation', 'roots', 'sampling']}}}}, 'hash': {'type': 'object', 'additionalProperties': {'type': 'string'}}, 'hashed_fields': {'type': 'object'}, 'catalog': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tools': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'surface': {'$ref': 'https://parity.invalid/schemas/lock.v1.json#/$defs/digest'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, '$defs': {'digest': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'tool': {'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_lock_v1_json___defs_tool(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['contract', 'surface', 'definition']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}, rule='required')
        data_keys = set(data.keys())
        if "contract" in data_keys:
            data_keys.remove("contract")
            data__contract = data["contract"]
            validate_https___parity_invalid_schemas_lock_v1_json___defs_digest(data__contract, custom_formats, (name_prefix or "data") + ".contract")
        if "surface" in data_keys:
            data_keys.remove("surface")
            data__surface = data["surface"]
            validate_https___parity_invalid_schemas_lock_v1_json___defs_digest(data__surface, custom_formats, (name_prefix or "data") + ".surface")
        if "definition" in data_keys:
            data_keys.remove("definition")
            data__definition = data["definition"]
            if not isinstance(data__definition, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".definition must be object", value=data__definition, name="" + (name_prefix or "data") + ".definition", definition={'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}, rule='type')
            data__definition_is_dict = isinstance(data__definition, dict)
            if data__definition_is_dict:
                data__definition__missing_keys = set(['name']) - data__definition.keys()
                if data__definition__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".definition must contain " + (str(sorted(data__definition__missing_keys)) + " properties"), value=data__definition, name="" + (name_prefix or "data") + ".definition", definition={'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}, rule='required')
                data__definition_keys = set(data__definition.keys())
                if "name" in data__definition_keys:
                    data__definition_keys.remove("name")
                    data__definition__name = data__definition["name"]
                    if not isinstance(data__definition__name, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".definition.name must be string", value=data__definition__name, name="" + (name_prefix or "data") + ".definition.name", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__definition__name, str):
                        data__definition__name_len = len(data__definition__name)
                        if data__definition__name_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".definition.name must be longer than or equal to 1 characters", value=data__definition__name, name="" + (name_prefix or "data") + ".definition.name", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['contract', 'surface', 'definition'], 'additionalProperties': False, 'properties': {'contract': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'surface': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, 'definition': {'type': 'object', 'required': ['name'], 'properties': {'name': {'type': 'string', 'minLength': 1}}}}}, rule='additionalProperties')
    return data

def validate_https___parity_invalid_schemas_lock_v1_json___defs_digest(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (str)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be string", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='type')
    if isinstance(data, str):
        if not REGEX_PATTERNS['^sha256:[0-9a-f]{64}$'].search(data):
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must match pattern ^sha256:[0-9a-f]{64}$", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='pattern')
    return data

validate = validate_https___parity_invalid_schemas_lock_v1_json
