// The last step of the OpenAPI document served at /api/docs: fastify-type-provider-zod writes it from the
// contract's schemas, and this mends what its OpenAPI 3.0 output says wrong about null (decision 050).
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** How zod's OpenAPI 3.0 output writes `z.null()`: 3.0 has no null type. */
const NULL_SCHEMA = { type: 'string', nullable: true, enum: [null] };

export const transformOpenApiDocument: SwaggerTransformObject = (document) =>
  withNullableEnumsMended(jsonSchemaTransformObject(document));

/**
 * A copy of `value` where every nullable schema lets null through. In OpenAPI 3.0.3 `nullable: true` does not
 * widen an `enum` (null must be one of its values), and has no effect at all beside no `type`: zod writes a
 * nullable enum (a listing's condition) without null among the values, and a nullable reference (an enum
 * with an id of its own) as `{ nullable, allOf: [{ $ref }] }`. A client generated from such a document
 * refuses the null the server sends, or may not send the null the server takes.
 */
export function withNullableEnumsMended<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withNullableEnumsMended(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const schema: Record<string, unknown> = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withNullableEnumsMended(item)]),
  );
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  if (nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.allOf)) {
    const { nullable: _nullable, allOf, ...rest } = schema;
    // One branch for the referenced schema, one for null, as zod writes a union with null.
    return { ...rest, anyOf: [allOf.length === 1 ? allOf[0] : { allOf }, NULL_SCHEMA] } as T;
  }
  return schema as T;
}
