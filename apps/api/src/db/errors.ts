/** True when the error is PostgreSQL's unique_violation (23505), thrown directly or as a driver error's cause. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
