"""Generated from parity/schemas/manifest.v1.json (part 1 of manifest_parts) by parity.schemas.checks.generate: do not edit."""
# ruff: noqa
# mypy: ignore-errors
VERSION = "2.22.3"
from decimal import Decimal
class JsonSchemaValueException(ValueError):
    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)


JsonSchemaValuesException = JsonSchemaValueException


NoneType = type(None)

def validate(data, custom_formats={}, name_prefix=None):
    validate____defs_entry(data, custom_formats, (name_prefix or "data") + "")
    return data

def validate____defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['type', 'required']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='required')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + " must be string", value=data__patterns_item, name="" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + "", definition={'type': 'string'}, rule='type')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".unresolved[{data__unresolved_x}]" + " must be string", value=data__unresolved_item, name="" + (name_prefix or "data") + f".unresolved[{data__unresolved_x}]" + "", definition={'type': 'string'}, rule='type')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".unsupported[{data__unsupported_x}]" + " must be string", value=data__unsupported_item, name="" + (name_prefix or "data") + f".unsupported[{data__unsupported_x}]" + "", definition={'type': 'string'}, rule='type')
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
                    if not isinstance(data__keysets_item, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".keysets[{data__keysets_x}]" + " must be array", value=data__keysets_item, name="" + (name_prefix or "data") + f".keysets[{data__keysets_x}]" + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, rule='type')
                    data__keysets_item_is_list = isinstance(data__keysets_item, (list, tuple))
                    if data__keysets_item_is_list:
                        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                        data__keysets_item_len = len(data__keysets_item)
                        if data__keysets_item_len > len(set(fn(data__keysets_item_x) for data__keysets_item_x in data__keysets_item)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".keysets[{data__keysets_x}]" + " must contain unique items", value=data__keysets_item, name="" + (name_prefix or "data") + f".keysets[{data__keysets_x}]" + "", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, rule='uniqueItems')
                        for data__keysets_item_x, data__keysets_item_item in enumerate(data__keysets_item):
                            if not isinstance(data__keysets_item_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".keysets[{data__keysets_x}][{data__keysets_item_x}]" + " must be string", value=data__keysets_item_item, name="" + (name_prefix or "data") + f".keysets[{data__keysets_x}][{data__keysets_item_x}]" + "", definition={'type': 'string'}, rule='type')
        if "tags" in data_keys:
            data_keys.remove("tags")
            data__tags = data["tags"]
            if not isinstance(data__tags, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must be object", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, rule='type')
            data__tags_is_dict = isinstance(data__tags, dict)
            if data__tags_is_dict:
                data__tags_keys = set(data__tags.keys())
                for data__tags_key in data__tags_keys:
                    if data__tags_key not in []:
                        data__tags_value = data__tags.get(data__tags_key)
                        if not isinstance(data__tags_value, (list, tuple)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}" + " must be array", value=data__tags_value, name="" + (name_prefix or "data") + f".tags.{data__tags_key}" + "", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
                        data__tags_value_is_list = isinstance(data__tags_value, (list, tuple))
                        if data__tags_value_is_list:
                            data__tags_value_len = len(data__tags_value)
                            if data__tags_value_len < 2:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}" + " must contain at least 2 items", value=data__tags_value, name="" + (name_prefix or "data") + f".tags.{data__tags_key}" + "", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='minItems')
                            for data__tags_value_x, data__tags_value_item in enumerate(data__tags_value):
                                if not isinstance(data__tags_value_item, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must be object", value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                                validate____defs_takesordeclares(data__tags_value_item, custom_formats, (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]")
                                data__tags_value_item_is_dict = isinstance(data__tags_value_item, dict)
                                if data__tags_value_item_is_dict:
                                    data__tags_value_item__missing_keys = set(['values', 'requires']) - data__tags_value_item.keys()
                                    if data__tags_value_item__missing_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must contain " + (str(sorted(data__tags_value_item__missing_keys)) + " properties"), value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
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
                                    if data__tags_value_item_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + " must not contain "+str(data__tags_value_item_keys)+" properties", value=data__tags_value_item, name="" + (name_prefix or "data") + f".tags.{data__tags_key}[{data__tags_value_x}]" + "", definition={'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
        if "shapes" in data_keys:
            data_keys.remove("shapes")
            data__shapes = data["shapes"]
            if not isinstance(data__shapes, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".shapes must be array", value=data__shapes, name="" + (name_prefix or "data") + ".shapes", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
            data__shapes_is_list = isinstance(data__shapes, (list, tuple))
            if data__shapes_is_list:
                data__shapes_len = len(data__shapes)
                if data__shapes_len < 2:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".shapes must contain at least 2 items", value=data__shapes, name="" + (name_prefix or "data") + ".shapes", definition={'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='minItems')
                for data__shapes_x, data__shapes_item in enumerate(data__shapes):
                    if not isinstance(data__shapes_item, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must be object", value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                    validate____defs_takesordeclares(data__shapes_item, custom_formats, (name_prefix or "data") + f".shapes[{data__shapes_x}]")
                    data__shapes_item_is_dict = isinstance(data__shapes_item, dict)
                    if data__shapes_item_is_dict:
                        data__shapes_item__missing_keys = set(['requires']) - data__shapes_item.keys()
                        if data__shapes_item__missing_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must contain " + (str(sorted(data__shapes_item__missing_keys)) + " properties"), value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
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
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + " must not contain "+str(data__shapes_item_keys)+" properties", value=data__shapes_item, name="" + (name_prefix or "data") + f".shapes[{data__shapes_x}]" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['type', 'required'], 'additionalProperties': False, 'properties': {'type': {'type': 'array', 'uniqueItems': True, 'items': {'enum': ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string']}}, 'required': {'type': 'boolean'}, 'closed': {'type': 'boolean'}, 'enum': {'type': 'array'}, 'format': {'type': 'string'}, 'default': True, 'description': {'type': 'string'}, 'patterns': {'type': 'array', 'items': {'type': 'string'}}, 'recursive': {'type': 'string'}, 'unresolved': {'type': 'array', 'items': {'type': 'string'}}, 'unsupported': {'type': 'array', 'items': {'type': 'string'}}, 'constraints': {'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'$ref': '#/$defs/count'}, 'maxLength': {'$ref': '#/$defs/count'}, 'minItems': {'$ref': '#/$defs/count'}, 'maxItems': {'$ref': '#/$defs/count'}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'$ref': '#/$defs/count'}, 'maxProperties': {'$ref': '#/$defs/count'}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/names'}}}}, 'examples': {'type': 'array', 'items': {'type': 'string'}, 'maxItems': 16}, 'choice': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string'}}}, 'keysets': {'type': 'array', 'minItems': 2, 'items': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'tags': {'type': 'object', 'additionalProperties': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['values', 'requires'], 'additionalProperties': False, 'properties': {'values': {'type': 'array', 'minItems': 1}, 'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}, 'shapes': {'type': 'array', 'minItems': 2, 'items': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'values': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/values'}}, 'types': {'type': 'object', 'additionalProperties': {'$ref': '#/$defs/typeNames'}}, 'nested': {'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'$ref': '#/$defs/names'}, 'takes': {'$ref': '#/$defs/names'}, 'declares': {'$ref': '#/$defs/names'}}, 'allOf': [{'$ref': '#/$defs/takesOrDeclares'}]}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}}}, rule='additionalProperties')
    return data

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

def validate____defs_keyobjects(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': {'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        for data_key in data_keys:
            if data_key not in []:
                data_value = data.get(data_key)
                if not isinstance(data_value, (dict)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must be object", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='type')
                validate____defs_takesordeclares(data_value, custom_formats, (name_prefix or "data") + f".{data_key}")
                data_value_is_dict = isinstance(data_value, dict)
                if data_value_is_dict:
                    data_value__missing_keys = set(['requires']) - data_value.keys()
                    if data_value__missing_keys:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must contain " + (str(sorted(data_value__missing_keys)) + " properties"), value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='required')
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
                    if data_value_keys:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".{data_key}" + " must not contain "+str(data_value_keys)+" properties", value=data_value, name="" + (name_prefix or "data") + f".{data_key}" + "", definition={'type': 'object', 'required': ['requires'], 'additionalProperties': False, 'properties': {'requires': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'takes': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}, 'declares': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}, 'allOf': [{'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}]}, rule='additionalProperties')
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
    data_any_of_count1 = 0
    if not data_any_of_count1:
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
            data_any_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count1:
        try:
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data_keys = set(data.keys())
                if "takes" in data_keys:
                    data_keys.remove("takes")
                    data__takes = data["takes"]
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".takes must not be there", value=data__takes, name="" + (name_prefix or "data") + ".takes", definition=False, rule=None)
            data_any_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count1:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " cannot be validated by any definition", value=data, name="" + (name_prefix or "data") + "", definition={'anyOf': [{'required': ['takes'], 'properties': {'declares': False}}, {'properties': {'takes': False}}]}, rule='anyOf')
    return data

def validate____defs_constraints(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'type': 'integer', 'minimum': 0}, 'maxProperties': {'type': 'integer', 'minimum': 0}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}}, rule='type')
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
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".pattern[{data__pattern_x}]" + " must be string", value=data__pattern_item, name="" + (name_prefix or "data") + f".pattern[{data__pattern_x}]" + "", definition={'type': 'string'}, rule='type')
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
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'properties': {'pattern': {'type': 'array', 'minItems': 1, 'items': {'type': 'string'}}, 'minLength': {'type': 'integer', 'minimum': 0}, 'maxLength': {'type': 'integer', 'minimum': 0}, 'minItems': {'type': 'integer', 'minimum': 0}, 'maxItems': {'type': 'integer', 'minimum': 0}, 'uniqueItems': {'const': True, 'type': 'boolean'}, 'minimum': {'type': 'number'}, 'maximum': {'type': 'number'}, 'exclusiveMinimum': {'type': 'number'}, 'exclusiveMaximum': {'type': 'number'}, 'multipleOf': {'type': 'number', 'exclusiveMinimum': 0}, 'minProperties': {'type': 'integer', 'minimum': 0}, 'maxProperties': {'type': 'integer', 'minimum': 0}, 'dependentRequired': {'type': 'object', 'additionalProperties': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string'}}}}}, rule='additionalProperties')
    return data

def validate____defs_count(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (int)) and not (isinstance(data, float) and data.is_integer()) or isinstance(data, bool):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be integer", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'integer', 'minimum': 0}, rule='type')
    if isinstance(data, (int, float, Decimal)) and not isinstance(data, bool):
        if data < 0:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must be bigger than or equal to 0", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
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

validate = validate____defs_entry
SHAPES = {'closed': 'boolean', 'constraints': {'exclusiveMaximum': 'number', 'exclusiveMinimum': 'number', 'maximum': 'number', 'minimum': 'number'}, 'default': 'any', 'description': 'string', 'enum': 'array', 'format': 'string', 'patterns': 'string[]', 'recursive': 'string', 'required': 'boolean', 'unresolved': 'string[]', 'unsupported': 'string[]'}
