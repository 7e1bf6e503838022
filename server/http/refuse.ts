import type { FastifyReply } from 'fastify';
import { ErrorCode } from '../../contract/errors';

/** A body whose checks failed: 400 with every problem at once, one detail per message. */
export function refuseForm(reply: FastifyReply, problems: string[]) {
  return reply
    .status(400)
    .send({ errors: problems.map((detail) => ({ detail, code: ErrorCode.validation })) });
}
