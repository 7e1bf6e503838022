import { BatchTraysMutation, TraysSaveArgs } from '../../../contract/batch-trays';
import { defineMutation } from '../../sync';
import { writeCtx } from '../../write/context';
import { mustFindBatch } from '../projects/queries';
import { DIGITIZERS } from '../projects/rules';
import { liveHolder } from './lease';
import * as rules from './rules';

/**
 * Edits accepted in the editor (docs/batch-trays.md); they reach the server through the device's
 * outbox, online or not, so each lands once. The claim is taken first (a batch someone else holds
 * with a live lease refuses the whole entry; a lapsed claim is taken over), then the edits are
 * saved; a claim taken only for this entry is given up again.
 */
export const traysSave = defineMutation({
  name: BatchTraysMutation.save,
  roles: DIGITIZERS,
  args: TraysSaveArgs,
  apply: async (trx, mctx, args) => {
    const ctx = writeCtx(mctx);
    await ctx.version();
    const batch = await mustFindBatch(trx, ctx.companyId, args.project_id, args.batch_id);
    const heldBefore = liveHolder(batch) === ctx.userId;
    await rules.claim(trx, ctx, args.batch_id);
    await rules.saveTrays(trx, ctx, args.batch_id, args.trays);
    if (!heldBefore) await rules.release(trx, ctx, args.batch_id);
  },
});
