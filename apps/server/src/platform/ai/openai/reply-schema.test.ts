import { describe, expect, it } from 'vitest';
import { modelReply } from '../../../testing/model-reply';
import { listingJsonSchema, parseModelReply } from './reply-schema';

const valid = modelReply();

type JsonSchemaNode = {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
};

/** The types a node allows: `type` (one or a list), or the branches of `anyOf`. */
function typesOf(node: JsonSchemaNode | undefined): string[] {
  if (node === undefined) return [];
  if (node.anyOf) return node.anyOf.flatMap(typesOf);
  return node.type === undefined ? [] : [node.type].flat();
}

/** Every object in the schema, nested ones included. */
function objectsIn(node: JsonSchemaNode): JsonSchemaNode[] {
  const children = [
    ...Object.values(node.properties ?? {}),
    ...(node.items ? [node.items] : []),
    ...(node.anyOf ?? []),
  ];
  return [...(node.type === 'object' ? [node] : []), ...children.flatMap(objectsIn)];
}

describe('listingJsonSchema', () => {
  it('is strict-mode compatible: every property required, no extra properties, null allowed explicitly', () => {
    const schema = listingJsonSchema() as JsonSchemaNode;
    expect(schema).not.toHaveProperty('$schema');
    const objects = objectsIn(schema);
    expect(objects.length).toBe(4); // the listing, price, brandReading, sizeReading
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
    expect(typesOf(schema.properties?.brand)).toEqual(['string', 'null']);
    expect(typesOf(schema.properties?.price)).toEqual(['object', 'null']);
    expect(typesOf(schema.properties?.category)).toEqual(['string', 'null']);
    expect(typesOf(schema.properties?.title)).toEqual(['string']);
    expect(JSON.stringify(schema)).not.toContain('"default"');
  });
});

describe('parseModelReply', () => {
  it('accepts a bare JSON object', () => {
    expect(parseModelReply(JSON.stringify(valid))).toEqual({ ok: true, listing: valid });
  });

  it('accepts JSON inside ```json fences and after a line of prose', () => {
    const wrapped = `Here is the listing:\n\`\`\`json\n${JSON.stringify(valid, null, 2)}\n\`\`\`\nHope it helps.`;
    expect(parseModelReply(wrapped)).toEqual({ ok: true, listing: valid });
  });

  it('matches colours, category and condition without regard to case, and drops unknown ones', () => {
    const reply = { ...valid, colours: ['blue', 'Teal', 'WHITE'], category: 'bottoms', condition: 'Mint' };
    const parsed = parseModelReply(JSON.stringify(reply));
    expect(parsed).toEqual({
      ok: true,
      listing: { ...valid, colours: ['Blue', 'White'], category: 'Bottoms', condition: null },
    });
  });

  it('says what is wrong with JSON that misses fields or has the wrong types', () => {
    const { title: _title, ...withoutTitle } = valid;
    const parsed = parseModelReply(JSON.stringify({ ...withoutTitle, tags: 'jeans' }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toContain('title');
    expect(parsed.problems).toContain('tags');
  });

  it('refuses text that holds no JSON object, and JSON that does not parse', () => {
    expect(parseModelReply('I would call it a nice pair of jeans.')).toEqual({
      ok: false,
      problems: 'The reply holds no complete JSON object.',
    });
    const broken = parseModelReply('{"title": "Jeans", "tags": [}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.problems).toMatch(/^The reply is not valid JSON/);
  });
});
