import { PROSPECT_SUBMITS_PER_IP_PER_HOUR } from '@parlour/contract/calls/prospect';
import { createNoticeRepository } from '../modules/content/notice/notice.repository';
import { registerNoticeRoutes } from '../modules/content/notice/notice.routes';
import { createNoticeService } from '../modules/content/notice/notice.service';
import { createProspectRepository } from '../modules/content/prospect/prospect.repository';
import { registerProspectRoutes } from '../modules/content/prospect/prospect.routes';
import { createProspectService } from '../modules/content/prospect/prospect.service';
import { createUploadRepository } from '../modules/content/upload/upload.repository';
import { registerUploadRoutes } from '../modules/content/upload/upload.routes';
import { createUploadService } from '../modules/content/upload/upload.service';
import type { Platform } from './platform';

/** Content: uploaded images, the operator's notices (and merchants' reads of them), the public site's leads. */
export async function wireContent(platform: Platform) {
  const { app, config, db, clock, settings, registrar, ipRateLimit } = platform;
  const uploadService = createUploadService({ repository: createUploadRepository(db), uploadDir: config.uploadDir });
  await registerUploadRoutes(app, registrar, { uploadService, ipRateLimit });
  const noticeService = createNoticeService({ repository: createNoticeRepository(db), clock });
  registerNoticeRoutes(registrar, { noticeService });
  const prospectService = createProspectService({
    repository: createProspectRepository(db),
    clock,
    submitsPerIpPerHour: PROSPECT_SUBMITS_PER_IP_PER_HOUR,
    getTimeZone: settings.getBusinessTimeZone,
  });
  registerProspectRoutes(registrar, { prospectService });
  return { uploadService, noticeService, prospectService };
}
export type Content = Awaited<ReturnType<typeof wireContent>>;
