"""Generated from parity/schemas/manifest.v1.json (part 1 of manifest_parts) by parity.schemas.checks.generate: do not edit."""
# ruff: noqa
# mypy: ignore-errors
from parity.schemas.checks.manifest_v1_entry_defs import (
    Decimal,
    JsonSchemaValueException,
    JsonSchemaValuesException,
    NoneType,
    validate____defs_constraints,
    validate____defs_count,
    validate____defs_keyobjects,
    validate____defs_keytypes,
    validate____defs_keyvalues,
    validate____defs_names,
    validate____defs_patterns,
    validate____defs_strings,
    validate____defs_takesordeclares,
    validate____defs_typenames,
    validate____defs_values,
    validate____defs_variantkeyvalues,
)


def validate(data, custom_formats={}, name_prefix=None):
    validate____defs_entry(data, custom_formats, (name_prefix or "data") + "")
    return data
def validate____defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'enum_by_type': {'type': 'object', 'additionalProperties': False, 'properties': {'array': {'type': 'array', 'items': {'type': 'array'}}, 'boolean': {'type': 'array', 'items': {'type': 'boolean'}}, 'integer': {'type': 'array', 'items': {'type': 'integer'}}, 'null': {'type': 'array', 'items': {'type': 'null'}}, 'number': {'type': 'array', 'items': {'type': 'number'}}, 'object': {'type': 'array', 'items': {'type': 'object'}}, 'string': {'type': 'array', 'items': {'type': 'string'}}}}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}, 'propertyNames': {'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'$ref': '#/$defs/names'}, 'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'format': {'type': 'string'}}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['type', 'required']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'enum_by_type': {'type': 'object', 'additionalProperties': False, 'properties': {'array': {'type': 'array', 'items': {'type': 'array'}}, 'boolean': {'type': 'array', 'items': {'type': 'boolean'}}, 'integer': {'type': 'array', 'items': {'type': 'integer'}}, 'null': {'type': 'array', 'items': {'type': 'null'}}, 'number': {'type': 'array', 'items': {'type': 'number'}}, 'object': {'type': 'array', 'items': {'type': 'object'}}, 'string': {'type': 'array', 'items': {'type': 'string'}}}}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}, 'propertyNames': {'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'$ref': '#/$defs/names'}, 'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'format': {'type': 'string'}}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='required')
        data_keys = set(data.keys())
        if "type" in data_keys:
            data_keys.remove("type")
            data__type = data["type"]
            validate____defs_typenames(data__type, custom_formats, (name_prefix or "data") + ".type")
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
        if "enum_by_type" in data_keys:
            data_keys.remove("enum_by_type")
            data__enumbytype = data["enum_by_type"]
            if not isinstance(data__enumbytype, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type must be object", value=data__enumbytype, name="" + (name_prefix or "data") + ".enum_by_type", definition={'type': 'object', 'additionalProperties': False, 'properties': {'array': {'type': 'array', 'items': {'type': 'array'}}, 'boolean': {'type': 'array', 'items': {'type': 'boolean'}}, 'integer': {'type': 'array', 'items': {'type': 'integer'}}, 'null': {'type': 'array', 'items': {'type': 'null'}}, 'number': {'type': 'array', 'items': {'type': 'number'}}, 'object': {'type': 'array', 'items': {'type': 'object'}}, 'string': {'type': 'array', 'items': {'type': 'string'}}}}, rule='type')
            data__enumbytype_is_dict = isinstance(data__enumbytype, dict)
            if data__enumbytype_is_dict:
                data__enumbytype_keys = set(data__enumbytype.keys())
                if "array" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("array")
                    data__enumbytype__array = data__enumbytype["array"]
                    if not isinstance(data__enumbytype__array, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.array must be array", value=data__enumbytype__array, name="" + (name_prefix or "data") + ".enum_by_type.array", definition={'type': 'array', 'items': {'type': 'array'}}, rule='type')
                    data__enumbytype__array_is_list = isinstance(data__enumbytype__array, (list, tuple))
                    if data__enumbytype__array_is_list:
                        data__enumbytype__array_len = len(data__enumbytype__array)
                        for data__enumbytype__array_x, data__enumbytype__array_item in enumerate(data__enumbytype__array):
                            if not isinstance(data__enumbytype__array_item, (list, tuple)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.array[{data__enumbytype__array_x}]" + " must be array", value=data__enumbytype__array_item, name="" + (name_prefix or "data") + f".enum_by_type.array[{data__enumbytype__array_x}]" + "", definition={'type': 'array'}, rule='type')
                if "boolean" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("boolean")
                    data__enumbytype__boolean = data__enumbytype["boolean"]
                    if not isinstance(data__enumbytype__boolean, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.boolean must be array", value=data__enumbytype__boolean, name="" + (name_prefix or "data") + ".enum_by_type.boolean", definition={'type': 'array', 'items': {'type': 'boolean'}}, rule='type')
                    data__enumbytype__boolean_is_list = isinstance(data__enumbytype__boolean, (list, tuple))
                    if data__enumbytype__boolean_is_list:
                        data__enumbytype__boolean_len = len(data__enumbytype__boolean)
                        for data__enumbytype__boolean_x, data__enumbytype__boolean_item in enumerate(data__enumbytype__boolean):
                            if not isinstance(data__enumbytype__boolean_item, (bool)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.boolean[{data__enumbytype__boolean_x}]" + " must be boolean", value=data__enumbytype__boolean_item, name="" + (name_prefix or "data") + f".enum_by_type.boolean[{data__enumbytype__boolean_x}]" + "", definition={'type': 'boolean'}, rule='type')
                if "integer" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("integer")
                    data__enumbytype__integer = data__enumbytype["integer"]
                    if not isinstance(data__enumbytype__integer, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.integer must be array", value=data__enumbytype__integer, name="" + (name_prefix or "data") + ".enum_by_type.integer", definition={'type': 'array', 'items': {'type': 'integer'}}, rule='type')
                    data__enumbytype__integer_is_list = isinstance(data__enumbytype__integer, (list, tuple))
                    if data__enumbytype__integer_is_list:
                        data__enumbytype__integer_len = len(data__enumbytype__integer)
                        for data__enumbytype__integer_x, data__enumbytype__integer_item in enumerate(data__enumbytype__integer):
                            if not isinstance(data__enumbytype__integer_item, (int)) and not (isinstance(data__enumbytype__integer_item, float) and data__enumbytype__integer_item.is_integer()) or isinstance(data__enumbytype__integer_item, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.integer[{data__enumbytype__integer_x}]" + " must be integer", value=data__enumbytype__integer_item, name="" + (name_prefix or "data") + f".enum_by_type.integer[{data__enumbytype__integer_x}]" + "", definition={'type': 'integer'}, rule='type')
                if "null" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("null")
                    data__enumbytype__null = data__enumbytype["null"]
                    if not isinstance(data__enumbytype__null, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.null must be array", value=data__enumbytype__null, name="" + (name_prefix or "data") + ".enum_by_type.null", definition={'type': 'array', 'items': {'type': 'null'}}, rule='type')
                    data__enumbytype__null_is_list = isinstance(data__enumbytype__null, (list, tuple))
                    if data__enumbytype__null_is_list:
                        data__enumbytype__null_len = len(data__enumbytype__null)
                        for data__enumbytype__null_x, data__enumbytype__null_item in enumerate(data__enumbytype__null):
                            if not isinstance(data__enumbytype__null_item, (NoneType)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.null[{data__enumbytype__null_x}]" + " must be null", value=data__enumbytype__null_item, name="" + (name_prefix or "data") + f".enum_by_type.null[{data__enumbytype__null_x}]" + "", definition={'type': 'null'}, rule='type')
                if "number" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("number")
                    data__enumbytype__number = data__enumbytype["number"]
                    if not isinstance(data__enumbytype__number, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.number must be array", value=data__enumbytype__number, name="" + (name_prefix or "data") + ".enum_by_type.number", definition={'type': 'array', 'items': {'type': 'number'}}, rule='type')
                    data__enumbytype__number_is_list = isinstance(data__enumbytype__number, (list, tuple))
                    if data__enumbytype__number_is_list:
                        data__enumbytype__number_len = len(data__enumbytype__number)
                        for data__enumbytype__number_x, data__enumbytype__number_item in enumerate(data__enumbytype__number):
                            if not isinstance(data__enumbytype__number_item, (int, float, Decimal)) or isinstance(data__enumbytype__number_item, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.number[{data__enumbytype__number_x}]" + " must be number", value=data__enumbytype__number_item, name="" + (name_prefix or "data") + f".enum_by_type.number[{data__enumbytype__number_x}]" + "", definition={'type': 'number'}, rule='type')
                if "object" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("object")
                    data__enumbytype__object = data__enumbytype["object"]
                    if not isinstance(data__enumbytype__object, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.object must be array", value=data__enumbytype__object, name="" + (name_prefix or "data") + ".enum_by_type.object", definition={'type': 'array', 'items': {'type': 'object'}}, rule='type')
                    data__enumbytype__object_is_list = isinstance(data__enumbytype__object, (list, tuple))
                    if data__enumbytype__object_is_list:
                        data__enumbytype__object_len = len(data__enumbytype__object)
                        for data__enumbytype__object_x, data__enumbytype__object_item in enumerate(data__enumbytype__object):
                            if not isinstance(data__enumbytype__object_item, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.object[{data__enumbytype__object_x}]" + " must be object", value=data__enumbytype__object_item, name="" + (name_prefix or "data") + f".enum_by_type.object[{data__enumbytype__object_x}]" + "", definition={'type': 'object'}, rule='type')
                if "string" in data__enumbytype_keys:
                    data__enumbytype_keys.remove("string")
                    data__enumbytype__string = data__enumbytype["string"]
                    if not isinstance(data__enumbytype__string, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type.string must be array", value=data__enumbytype__string, name="" + (name_prefix or "data") + ".enum_by_type.string", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
                    data__enumbytype__string_is_list = isinstance(data__enumbytype__string, (list, tuple))
                    if data__enumbytype__string_is_list:
                        data__enumbytype__string_len = len(data__enumbytype__string)
                        for data__enumbytype__string_x, data__enumbytype__string_item in enumerate(data__enumbytype__string):
                            if not isinstance(data__enumbytype__string_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".enum_by_type.string[{data__enumbytype__string_x}]" + " must be string", value=data__enumbytype__string_item, name="" + (name_prefix or "data") + f".enum_by_type.string[{data__enumbytype__string_x}]" + "", definition={'type': 'string'}, rule='type')
                if data__enumbytype_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".enum_by_type must not contain "+str(data__enumbytype_keys)+" properties", value=data__enumbytype, name="" + (name_prefix or "data") + ".enum_by_type", definition={'type': 'object', 'additionalProperties': False, 'properties': {'array': {'type': 'array', 'items': {'type': 'array'}}, 'boolean': {'type': 'array', 'items': {'type': 'boolean'}}, 'integer': {'type': 'array', 'items': {'type': 'integer'}}, 'null': {'type': 'array', 'items': {'type': 'null'}}, 'number': {'type': 'array', 'items': {'type': 'number'}}, 'object': {'type': 'array', 'items': {'type': 'object'}}, 'string': {'type': 'array', 'items': {'type': 'string'}}}}, rule='additionalProperties')
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
            validate____defs_strings(data__patterns, custom_formats, (name_prefix or "data") + ".patterns")
        if "recursive" in data_keys:
            data_keys.remove("recursive")
            data__recursive = data["recursive"]
            if not isinstance(data__recursive, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".recursive must be string", value=data__recursive, name="" + (name_prefix or "data") + ".recursive", definition={'type': 'string'}, rule='type')
        if "unresolved" in data_keys:
            data_keys.remove("unresolved")
            data__unresolved = data["unresolved"]
            validate____defs_strings(data__unresolved, custom_formats, (name_prefix or "data") + ".unresolved")
        if "unsupported" in data_keys:
            data_keys.remove("unsupported")
            data__unsupported = data["unsupported"]
            validate____defs_strings(data__unsupported, custom_formats, (name_prefix or "data") + ".unsupported")
        if "constraints" in data_keys:
            data_keys.remove("constraints")
            data__constraints = data["constraints"]
            validate____defs_constraints(data__constraints, custom_formats, (name_prefix or "data") + ".constraints")
        if "examples" in data_keys:
            data_keys.remove("examples")
            data__examples = data["examples"]
            if not isinstance(data__examples, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples must be array", value=data__examples, name="" + (name_prefix or "data") + ".examples", definition={'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, rule='type')
            data__examples_is_list = isinstance(data__examples, (list, tuple))
            if data__examples_is_list:
                data__examples_len = len(data__examples)
                if data__examples_len > 16:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples must contain less than or equal to 16 items", value=data__examples, name="" + (name_prefix or "data") + ".examples", definition={'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, rule='maxItems')
                for data__examples_x, data__examples_item in enumerate(data__examples):
                    if not isinstance(data__examples_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".examples[{data__examples_x}]" + " must be string", value=data__examples_item, name="" + (name_prefix or "data") + f".examples[{data__examples_x}]" + "", definition={'type': 'string'}, rule='type')
        if "choice" in data_keys:
            data_keys.remove("choice")
            data__choice = data["choice"]
            if not isinstance(data__choice, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".choice must be array", value=data__choice, name="" + (name_prefix or "data") + ".choice", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, rule='type')
            data__choice_is_list = isinstance(data__choice, (list, tuple))
            if data__choice_is_list:
                data__choice_len = len(data__choice)
                if data__choice_len < 2:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".choice must contain at least 2 items", value=data__choice, name="" + (name_prefix or "data") + ".choice", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, rule='minItems')
                for data__choice_x, data__choice_item in enumerate(data__choice):
                    if not isinstance(data__choice_item, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".choice[{data__choice_x}]" + " must be array", value=data__choice_item, name="" + (name_prefix or "data") + f".choice[{data__choice_x}]" + "", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}, rule='type')
                    data__choice_item_is_list = isinstance(data__choice_item, (list, tuple))
                    if data__choice_item_is_list:
                        data__choice_item_len = len(data__choice_item)
                        if data__choice_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".choice[{data__choice_x}]" + " must contain at least 1 items", value=data__choice_item, name="" + (name_prefix or "data") + f".choice[{data__choice_x}]" + "", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}, rule='minItems')
                        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                        if data__choice_item_len > len(set(fn(data__choice_item_x) for data__choice_item_x in data__choice_item)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".choice[{data__choice_x}]" + " must contain unique items", value=data__choice_item, name="" + (name_prefix or "data") + f".choice[{data__choice_x}]" + "", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}, rule='uniqueItems')
                        for data__choice_item_x, data__choice_item_item in enumerate(data__choice_item):
                            if not isinstance(data__choice_item_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".choice[{data__choice_x}][{data__choice_item_x}]" + " must be string", value=data__choice_item_item, name="" + (name_prefix or "data") + f".choice[{data__choice_x}][{data__choice_item_x}]" + "", definition={'type': 'string'}, rule='type')
        if "keysets" in data_keys:
            data_keys.remove("keysets")
            data__keysets = data["keysets"]
            if not isinstance(data__keysets, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".keysets must be array", value=data__keysets, name="" + (name_prefix or "data") + ".keysets", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, rule='type')
            data__keysets_is_list = isinstance(data__keysets, (list, tuple))
            if data__keysets_is_list:
                data__keysets_len = len(data__keysets)
                if data__keysets_len < 2:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".keysets must contain at least 2 items", value=data__keysets, name="" + (name_prefix or "data") + ".keysets", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, rule='minItems')
                for data__keysets_x, data__keysets_item in enumerate(data__keysets):
                    validate____defs_names(data__keysets_item, custom_formats, (name_prefix or "data") + f".keysets[{data__keysets_x}]")
        if "tags" in data_keys:
            data_keys.remove("tags")
            data__tags = data["tags"]
            if not isinstance(data__tags, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must be object", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, rule='type')
            data__tags_is_dict = isinstance(data__tags, dict)
            if data__tags_is_dict:
                data__tags_keys = set(data__tags.keys())
                for data__tags_key in data__tags_keys:
                    if data__tags_key not in []:
                        data__tags_value = data__tags.get(data__tags_key)
                        if not isinstance(data__tags_value, (list, tuple)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}" + " must be array", value=data__tags_value, name="" + (name_prefix or "data") + f".tags.{data__tags_key}" + "", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
                        data__tags_value_is_list = isinstance(data__tags_value, (list, tuple))
                        if data__tags_value_is_list:
                            data__tags_value_len = len(data__tags_value)
                            if data__tags_value_len < 2:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}" + " must contain at least 2 items", value=data__tags_value, name="" + (name_prefix or "data") + f".tags.{data__tags_key}" + "", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='minItems')
                            for data__tags_value_x, data__tags_value_item in enumerate(data__tags_value):
                                if not isinstance(data__tags_value_item, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must be object", value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                                validate____defs_takesordeclares(data__tags_value_item, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]")
                                data__tags_value_item_is_dict = isinstance(data__tags_value_item, dict)
                                if data__tags_value_item_is_dict:
                                    data__tags_value_item__missing_keys = set(['values', 'requires']) - data__tags_value_item.keys()
                                    if data__tags_value_item__missing_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must contain " + (str(sorted(data__tags_value_item__missing_keys)) + " properties"), value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
                                    data__tags_value_item_keys = set(data__tags_value_item.keys())
                                    if "values" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("values")
                                        data__tags_value_item__values = data__tags_value_item["values"]
                                        validate____defs_values(data__tags_value_item__values, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].values")
                                    if "requires" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("requires")
                                        data__tags_value_item__requires = data__tags_value_item["requires"]
                                        validate____defs_names(data__tags_value_item__requires, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].requires")
                                    if "takes" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("takes")
                                        data__tags_value_item__takes = data__tags_value_item["takes"]
                                        validate____defs_names(data__tags_value_item__takes, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].takes")
                                    if "declares" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("declares")
                                        data__tags_value_item__declares = data__tags_value_item["declares"]
                                        validate____defs_names(data__tags_value_item__declares, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].declares")
                                    if "types" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("types")
                                        data__tags_value_item__types = data__tags_value_item["types"]
                                        validate____defs_keytypes(data__tags_value_item__types, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].types")
                                    if "nested" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("nested")
                                        data__tags_value_item__nested = data__tags_value_item["nested"]
                                        validate____defs_keyobjects(data__tags_value_item__nested, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].nested")
                                    if "key_values" in data__tags_value_item_keys:
                                        data__tags_value_item_keys.remove("key_values")
                                        data__tags_value_item__keyvalues = data__tags_value_item["key_values"]
                                        validate____defs_variantkeyvalues(data__tags_value_item__keyvalues, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}].key_values")
                                    if data__tags_value_item_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must not contain "+str(data__tags_value_item_keys)+" properties", value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
        if "shapes" in data_keys:
            data_keys.remove("shapes")
            data__shapes = data["shapes"]
            if not isinstance(data__shapes, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".shapes must be array", value=data__shapes, name="" + (name_prefix or "data") + ".shapes", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
            data__shapes_is_list = isinstance(data__shapes, (list, tuple))
            if data__shapes_is_list:
                data__shapes_len = len(data__shapes)
                if data__shapes_len < 2:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".shapes must contain at least 2 items", value=data__shapes, name="" + (name_prefix or "data") + ".shapes", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='minItems')
                for data__shapes_x, data__shapes_item in enumerate(data__shapes):
                    if not isinstance(data__shapes_item, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must be object", value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                    validate____defs_takesordeclares(data__shapes_item, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}]")
                    data__shapes_item_is_dict = isinstance(data__shapes_item, dict)
                    if data__shapes_item_is_dict:
                        data__shapes_item__missing_keys = set(['requires']) - data__shapes_item.keys()
                        if data__shapes_item__missing_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must contain " + (str(sorted(data__shapes_item__missing_keys)) + " properties"), value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
                        data__shapes_item_keys = set(data__shapes_item.keys())
                        if "requires" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("requires")
                            data__shapes_item__requires = data__shapes_item["requires"]
                            validate____defs_names(data__shapes_item__requires, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].requires")
                        if "takes" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("takes")
                            data__shapes_item__takes = data__shapes_item["takes"]
                            validate____defs_names(data__shapes_item__takes, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].takes")
                        if "declares" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("declares")
                            data__shapes_item__declares = data__shapes_item["declares"]
                            validate____defs_names(data__shapes_item__declares, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].declares")
                        if "values" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("values")
                            data__shapes_item__values = data__shapes_item["values"]
                            validate____defs_keyvalues(data__shapes_item__values, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].values")
                        if "types" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("types")
                            data__shapes_item__types = data__shapes_item["types"]
                            validate____defs_keytypes(data__shapes_item__types, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].types")
                        if "nested" in data__shapes_item_keys:
                            data__shapes_item_keys.remove("nested")
                            data__shapes_item__nested = data__shapes_item["nested"]
                            validate____defs_keyobjects(data__shapes_item__nested, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}].nested")
                        if data__shapes_item_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must not contain "+str(data__shapes_item_keys)+" properties", value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'enum_by_type': {'type': 'object', 'additionalProperties': False, 'properties': {'array': {'type': 'array', 'items': {'type': 'array'}}, 'boolean': {'type': 'array', 'items': {'type': 'boolean'}}, 'integer': {'type': 'array', 'items': {'type': 'integer'}}, 'null': {'type': 'array', 'items': {'type': 'null'}}, 'number': {'type': 'array', 'items': {'type': 'number'}}, 'object': {'type': 'array', 'items': {'type': 'object'}}, 'string': {'type': 'array', 'items': {'type': 'string'}}}}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}, 'propertyNames': {'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'$ref': '#/$defs/names'}, 'pattern': {'$ref': '#/$defs/patterns'}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'format': {'type': 'string'}}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}, 'key_values': {'type': 'object', 'additionalProperties': {'anyOf': [{'$ref': '#/$defs/values'}, {'type': 'null'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='additionalProperties')
    return data


validate = validate____defs_entry
SHAPES = {'closed': 'boolean', 'constraints': {'exclusiveMaximum': 'number', 'exclusiveMinimum': 'number', 'maximum': 'number', 'minimum': 'number', 'propertyNames': {'format': 'string'}}, 'default': 'any', 'description': 'string', 'enum': 'array', 'enum_by_type': {'string': 'string[]'}, 'format': 'string', 'patterns': 'string[]', 'recursive': 'string', 'required': 'boolean', 'unresolved': 'string[]', 'unsupported': 'string[]'}
