/** Text made safe inside HTML: in element content and in quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
