/** Calls of issue 4 (operator console); declared by the helper building this area. */
export {};
