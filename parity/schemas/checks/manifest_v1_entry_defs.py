"""Generated from parity/schemas/manifest.v1.json (part 1 of manifest_parts) (its definitions for manifest_v1_entry) by parity.schemas.checks.generate: do not edit."""
# ruff: noqa
# mypy: ignore-errors
VERSION = "2.22.3"
from decimal import Decimal
class JsonSchemaValueException(ValueError):
    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)


JsonSchemaValuesException = JsonSchemaValueException


NoneType = type(None)

def validate____defs_keyvalues(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 1}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                validate____defs_values(data_value, custom_formats, (name_prefix or "data") + f".{data_key}")
    return data
def validate____defs_variantkeyvalues(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'anyOf': [{'type': 'array', 'minItems': 1}, {'type': 'null'}]}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                data_value_any_of_count1 = 0
                if not data_value_any_of_count1:
                    try:
                        validate____defs_values(data_value, custom_formats, (name_prefix or "data") + f".{data_key}")
                        data_value_any_of_count1 += 1
                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                if not data_value_any_of_count1:
                    try:
                        if not isinstance(data_value, (NoneType)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must be null", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'null'}, rule='type')
                        data_value_any_of_count1 += 1
                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                if not data_value_any_of_count1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " cannot be validated by any definition", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'anyOf': [{'type': 'array', 'minItems': 1}, {'type': 'null'}]}, rule='anyOf')
    return data
def validate____defs_keyobjects(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                if not isinstance(data_value, (dict)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must be object", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                validate____defs_takesordeclares(data_value, custom_formats, (name_prefix or "data") + f".{data_key}")
                data_value_is_dict = isinstance(data_value, dict)
                if data_value_is_dict:
                    data_value__missing_keys = set(['requires']) - data_value.keys()
                    if data_value__missing_keys:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must contain " + (str(sorted(data_value__missing_keys)) + " properties"), value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
                    data_value_keys = set(data_value.keys())
                    if "requires" in data_value_keys:
                        data_value_keys.remove("requires")
                        data_value__requires = data_value["requires"]
                        validate____defs_names(data_value__requires, custom_formats, (name_prefix or "data") + f".{data_key}.requires")
                    if "takes" in data_value_keys:
                        data_value_keys.remove("takes")
                        data_value__takes = data_value["takes"]
                        validate____defs_names(data_value__takes, custom_formats, (name_prefix or "data") + f".{data_key}.takes")
                    if "declares" in data_value_keys:
                        data_value_keys.remove("declares")
                        data_value__declares = data_value["declares"]
                        validate____defs_names(data_value__declares, custom_formats, (name_prefix or "data") + f".{data_key}.declares")
                    if "types" in data_value_keys:
                        data_value_keys.remove("types")
                        data_value__types = data_value["types"]
                        if not isinstance(data_value__types, (dict)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}.types" + " must be object", value=data_value__types, name="" + (name_prefix or "data") + f".{data_key}.types" + "", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, rule='type')
                        data_value__types_is_dict = isinstance(data_value__types, dict)
                        if data_value__types_is_dict:
                            data_value__types_keys = set(data_value__types.keys())
                            for data_value__types_key in data_value__types_keys:
                                if data_value__types_key not in []:
                                    data_value__types_value = data_value__types.get(data_value__types_key)
                                    validate____defs_typenames(data_value__types_value, custom_formats, (name_prefix or "data") + f".{data_key}.types.{data_value__types_key}")
                    if "nested" in data_value_keys:
                        data_value_keys.remove("nested")
                        data_value__nested = data_value["nested"]
                        validate____defs_keyobjects(data_value__nested, custom_formats, (name_prefix or "data") + f".{data_key}.nested")
                    if data_value_keys:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must not contain "+str(data_value_keys)+" properties", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'$ref': '#/$defs/keyObjects'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
    return data
def validate____defs_keytypes(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                validate____defs_typenames(data_value, custom_formats, (name_prefix or "data") + f".{data_key}")
    return data
def validate____defs_values(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (list, tuple)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'minItems': 1}, rule='type')
    data_is_list = isinstance(data, (list, tuple))
    if data_is_list:
        data_len = len(data)
        if data_len < 1:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain at least 1 items", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'minItems': 1}, rule='minItems')
    return data
def validate____defs_takesordeclares(data, custom_formats={}, name_prefix=None):
    data_any_of_count2 = 0
    if not data_any_of_count2:
        try:
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['takes']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'required': ['takes'], 'properties': {'declares': False}}, rule='required')
                data_keys = set(data.keys())
                if "declares" in data_keys:
                    data_keys.remove("declares")
                    data__declares = data["declares"]
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".declares must not be there", value=data__declares, name="" + (name_prefix or "data") + ".declares", definition=False, rule=None)
            data_any_of_count2 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count2:
        try:
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data_keys = set(data.keys())
                if "takes" in data_keys:
                    data_keys.remove("takes")
                    data__takes = data["takes"]
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".takes must not be there", value=data__takes, name="" + (name_prefix or "data") + ".takes", definition=False, rule=None)
            data_any_of_count2 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count2:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " cannot be validated by any definition", value=data, name="" + (name_prefix or "data") + "", definition={'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}, rule='anyOf')
    return data
def validate____defs_names(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (list, tuple)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, rule='type')
    data_is_list = isinstance(data, (list, tuple))
    if data_is_list:
        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
        data_len = len(data)
        if data_len > len(set(fn(data_x) for data_x in data)):
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain unique items", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, rule='uniqueItems')
        for data_x, data_item in enumerate(data):
            if not isinstance(data_item, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + f"[{data_x}]" + " must be string", value=data_item, name="" + (name_prefix or "data") + f"[{data_x}]" + "", definition={'type': 'string'}, rule='type')
    return data
def validate____defs_constraints(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'type': 'integer', 'minimum': 0}, 'maxProperties': {'type': 'integer', 'minimum': 0}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'propertyNames': {'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'format': {'type': 'string'}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "pattern" in data_keys:
            data_keys.remove("pattern")
            data__pattern = data["pattern"]
            validate____defs_patterns(data__pattern, custom_formats, (name_prefix or "data") + ".pattern")
        if "minLength" in data_keys:
            data_keys.remove("minLength")
            data__minLength = data["minLength"]
            validate____defs_count(data__minLength, custom_formats, (name_prefix or "data") + ".minLength")
        if "maxLength" in data_keys:
            data_keys.remove("maxLength")
            data__maxLength = data["maxLength"]
            validate____defs_count(data__maxLength, custom_formats, (name_prefix or "data") + ".maxLength")
        if "minItems" in data_keys:
            data_keys.remove("minItems")
            data__minItems = data["minItems"]
            validate____defs_count(data__minItems, custom_formats, (name_prefix or "data") + ".minItems")
        if "maxItems" in data_keys:
            data_keys.remove("maxItems")
            data__maxItems = data["maxItems"]
            validate____defs_count(data__maxItems, custom_formats, (name_prefix or "data") + ".maxItems")
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
        if "minProperties" in data_keys:
            data_keys.remove("minProperties")
            data__minProperties = data["minProperties"]
            validate____defs_count(data__minProperties, custom_formats, (name_prefix or "data") + ".minProperties")
        if "maxProperties" in data_keys:
            data_keys.remove("maxProperties")
            data__maxProperties = data["maxProperties"]
            validate____defs_count(data__maxProperties, custom_formats, (name_prefix or "data") + ".maxProperties")
        if "dependentRequired" in data_keys:
            data_keys.remove("dependentRequired")
            data__dependentRequired = data["dependentRequired"]
            if not isinstance(data__dependentRequired, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".dependentRequired must be object", value=data__dependentRequired, name="" + (name_prefix or "data") + ".dependentRequired", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, rule='type')
            data__dependentRequired_is_dict = isinstance(data__dependentRequired, dict)
            if data__dependentRequired_is_dict:
                data__dependentRequired_keys = set(data__dependentRequired.keys())
                for data__dependentRequired_key in data__dependentRequired_keys:
                    if data__dependentRequired_key not in []:
                        data__dependentRequired_value = data__dependentRequired.get(data__dependentRequired_key)
                        validate____defs_names(data__dependentRequired_value, custom_formats, (name_prefix or "data") + f".dependentRequired.{data__dependentRequired_key}")
        if "propertyNames" in data_keys:
            data_keys.remove("propertyNames")
            data__propertyNames = data["propertyNames"]
            if not isinstance(data__propertyNames, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".propertyNames must be object", value=data__propertyNames, name="" + (name_prefix or "data") + ".propertyNames", definition={'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'format': {'type': 'string'}}}, rule='type')
            data__propertyNames_is_dict = isinstance(data__propertyNames, dict)
            if data__propertyNames_is_dict:
                data__propertyNames_keys = set(data__propertyNames.keys())
                if "enum" in data__propertyNames_keys:
                    data__propertyNames_keys.remove("enum")
                    data__propertyNames__enum = data__propertyNames["enum"]
                    validate____defs_names(data__propertyNames__enum, custom_formats, (name_prefix or "data") + ".propertyNames.enum")
                if "pattern" in data__propertyNames_keys:
                    data__propertyNames_keys.remove("pattern")
                    data__propertyNames__pattern = data__propertyNames["pattern"]
                    validate____defs_patterns(data__propertyNames__pattern, custom_formats, (name_prefix or "data") + ".propertyNames.pattern")
                if "minLength" in data__propertyNames_keys:
                    data__propertyNames_keys.remove("minLength")
                    data__propertyNames__minLength = data__propertyNames["minLength"]
                    validate____defs_count(data__propertyNames__minLength, custom_formats, (name_prefix or "data") + ".propertyNames.minLength")
                if "maxLength" in data__propertyNames_keys:
                    data__propertyNames_keys.remove("maxLength")
                    data__propertyNames__maxLength = data__propertyNames["maxLength"]
                    validate____defs_count(data__propertyNames__maxLength, custom_formats, (name_prefix or "data") + ".propertyNames.maxLength")
                if "format" in data__propertyNames_keys:
                    data__propertyNames_keys.remove("format")
                    data__propertyNames__format = data__propertyNames["format"]
                    if not isinstance(data__propertyNames__format, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".propertyNames.format must be string", value=data__propertyNames__format, name="" + (name_prefix or "data") + ".propertyNames.format", definition={'type': 'string'}, rule='type')
                if data__propertyNames_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".propertyNames must not contain "+str(data__propertyNames_keys)+" properties", value=data__propertyNames, name="" + (name_prefix or "data") + ".propertyNames", definition={'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'format': {'type': 'string'}}}, rule='additionalProperties')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'type': 'integer', 'minimum': 0}, 'maxProperties': {'type': 'integer', 'minimum': 0}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'propertyNames': {'type': 'object', 'additionalProperties': False, 'properties': {'enum': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'format': {'type': 'string'}}}}}, rule='additionalProperties')
    return data
def validate____defs_count(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (int)) and not (isinstance(data, float) and data.is_integer()) or isinstance(data, bool):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be integer", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'integer', 'minimum': 0}, rule='type')
    if isinstance(data, (int, float, Decimal)) and not isinstance(data, bool):
        if data < 0:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must be bigger than or equal to 0", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
    return data
def validate____defs_patterns(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (list, tuple)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, rule='type')
    data_is_list = isinstance(data, (list, tuple))
    if data_is_list:
        data_len = len(data)
        if data_len < 1:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain at least 1 items", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, rule='minItems')
        for data_x, data_item in enumerate(data):
            if not isinstance(data_item, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + f"[{data_x}]" + " must be string", value=data_item, name="" + (name_prefix or "data") + f"[{data_x}]" + "", definition={'type': 'string'}, rule='type')
    return data
def validate____defs_strings(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (list, tuple)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
    data_is_list = isinstance(data, (list, tuple))
    if data_is_list:
        data_len = len(data)
        for data_x, data_item in enumerate(data):
            if not isinstance(data_item, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + f"[{data_x}]" + " must be string", value=data_item, name="" + (name_prefix or "data") + f"[{data_x}]" + "", definition={'type': 'string'}, rule='type')
    return data
def validate____defs_typenames(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (list, tuple)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, rule='type')
    data_is_list = isinstance(data, (list, tuple))
    if data_is_list:
        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
        data_len = len(data)
        if data_len > len(set(fn(data_x) for data_x in data)):
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain unique items", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, rule='uniqueItems')
        for data_x, data_item in enumerate(data):
            if not (isinstance(data_item, str) and data_item == 'any' or isinstance(data_item, str) and data_item == 'array' or isinstance(data_item, str) and data_item == 'boolean' or isinstance(data_item, str) and data_item == 'integer' or isinstance(data_item, str) and data_item == 'null' or isinstance(data_item, str) and data_item == 'number' or isinstance(data_item, str) and data_item == 'object' or isinstance(data_item, str) and data_item == 'string'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + f"[{data_x}]" + " must be one of ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']", value=data_item, name="" + (name_prefix or "data") + f"[{data_x}]" + "", definition={'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}, rule='enum')
    return data
