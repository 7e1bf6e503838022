import { BatchTraysMutation, TraysSaveArgs } from '../../../contract/batch-trays';
import { defineMutation } from '../../sync';
import { writeCtx } from '../../write/context';
import { mustFindBatch } from '../projects/queries';
import { DIGITIZERS } from '../projects/rules';
import * as rules from './rules';

/**
 * Edits accepted in the editor while the network was away (docs/batch-trays.md): the claim is
 * taken first (a batch someone else holds refuses the whole entry, which the device lists under
 * sync problems), then the edits are saved; a claim taken only for this entry is given up again.
 */
export const traysSave = defineMutation({
  name: BatchTraysMutation.save,
  roles: DIGITIZERS,
  args: TraysSaveArgs,
  apply: async (trx, mctx, args) => {
    const ctx = writeCtx(mctx);
    await ctx.version();
    const batch = await mustFindBatch(trx, ctx.companyId, args.project_id, args.batch_id);
    const heldBefore = batch.write_permission_user_id === ctx.userId;
    await rules.claim(trx, ctx, args.batch_id);
    await rules.saveTrays(trx, ctx, args.batch_id, args.trays);
    if (!heldBefore) await rules.release(trx, ctx, args.batch_id);
  },
});
