/**
 * JSON made safe inside a `<script type="application/json">` block: `<`, `>` and `&` escaped, so no
 * `</script>` or `<!--` in the data (an item's title, a store's name) can close the block or open a comment.
 * JSON.parse reads the escapes back as the same characters.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
