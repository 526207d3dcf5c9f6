/** How deep a request body's JSON may nest. The deepest body a call takes is 3 levels; 32 leaves room and refuses 20,000. */
export const MAX_JSON_DEPTH = 32;

/**
 * Where a JSON text nests deeper than `maxDepth` (objects and arrays), found before parsing: one
 * pass over the characters, no recursion, so a body nested 20,000 deep costs its length and no
 * stack. Answers the top-level field the deep value sits in ('' when the body itself is the deep
 * array), or undefined when the text stays within the limit. Strings are skipped with their escapes,
 * so brackets inside them do not count. Malformed text is left to JSON.parse.
 */
export function findTooDeepField(text: string, maxDepth: number = MAX_JSON_DEPTH): string | undefined {
  let depth = 0;
  let topKey = '';
  // A string at depth 1 of an object right after `{` or `,` is a top-level key.
  let isExpectingTopKey = false;
  let isTopObject = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      const start = index + 1;
      index += 1;
      while (index < text.length && text.charCodeAt(index) !== 0x22) {
        if (text.charCodeAt(index) === 0x5c /* \ */) index += 1;
        index += 1;
      }
      if (isExpectingTopKey) {
        topKey = decodeKey(text.slice(start, index));
        isExpectingTopKey = false;
      }
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return topKey;
      if (depth === 1) {
        isTopObject = char === 0x7b;
        isExpectingTopKey = isTopObject;
      }
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    } else if (char === 0x2c /* , */ && depth === 1 && isTopObject) {
      isExpectingTopKey = true;
    }
  }
  return undefined;
}

function decodeKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
