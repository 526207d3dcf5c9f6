import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { uploads } from '../../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

/** Records of uploaded images; the bytes live under UPLOAD_DIR by `file_name`. */
export function createUploadRepository(db: Db) {
  return {
    async insert(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row;
    },
    async findByFileName(fileName: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.file_name, fileName)).limit(1);
      return row;
    },
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
