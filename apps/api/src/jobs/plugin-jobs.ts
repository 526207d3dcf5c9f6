import type { NoticeService } from '../modules/content/notice/notice.service';
import { trialEndedNotice, trialEndingNotice } from '../modules/stores/plugin/plugin-notice';
import type { PluginService } from '../modules/stores/plugin/plugin.service';
import type { JobDefinition } from './boss';

/**
 * Every minute: plugin trials past their end are stored as disabled, and each merchant is told by a
 * notice of their own (the trial ended, the plugin is off, buying it enables it again). Reads (my
 * plugins, the market, the store system's list) derive the disabled status at their own clock
 * already; the sweep keeps the stored status true for anything reading the column, as the store
 * sweep does for store statuses. A trial is disabled in the transaction that writes its notice, so its notice is sent once.
 *
 * Then trials still on that end within 3 days are reminded once, by a notice of the same kind (the
 * end date and where to buy); the trial is marked in the transaction that writes the notice.
 */
export function pluginSweepJob(deps: {
  pluginService: Pick<PluginService, 'disableEndedTrials' | 'remindEndingTrials'>;
  noticeService: Pick<NoticeService, 'notifyMerchant'>;
  /** The platform's business time zone: the reminder's end date is written in it. */
  getTimeZone: () => Promise<string>;
}): JobDefinition {
  return {
    queue: 'plugin-sweep',
    cron: '* * * * *',
    async run() {
      const ended = await deps.pluginService.disableEndedTrials((trial) =>
        deps.noticeService.notifyMerchant({ merchantId: trial.merchant_id, ...trialEndedNotice(trial) }),
      );
      const zone = await deps.getTimeZone();
      const reminded = await deps.pluginService.remindEndingTrials((trial) =>
        deps.noticeService.notifyMerchant({ merchantId: trial.merchant_id, ...trialEndingNotice(trial, zone) }),
      );
      return { disabled: ended.length, reminded };
    },
  };
}
