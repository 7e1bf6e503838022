import { TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { answering, failureOf } from '../test/failedCalls';
import { OFFLINE_MESSAGE } from './notify';
import { DEVICE_TROUBLE, REFUSED, refusalWords, SERVER_TROUBLE, UNREADABLE } from './refusalWords';

const refusal = async (status: number, body: string) =>
  refusalWords(await failureOf(answering(status, '', body).get('http://x/a')));

describe('refusalWords', () => {
  it("gives the server's sentence without the status line", async () => {
    const words = await refusal(409, '{"errors":[{"detail":"Someone else is already picking."}]}');
    expect(words).toBe('Someone else is already picking.');
    expect(await refusal(400, '{"errors":[{"detail":"One"},{"detail":"Two"}]}')).toBe('One\nTwo');
  });

  it('never shows a status code or a body that is not a refusal', async () => {
    for (const words of [
      await refusal(404, 'Not Found'),
      await refusal(409, '{"errors":[]}'),
      await refusal(502, '<html>Bad Gateway</html>'),
      await refusal(500, '{"errors":[{"detail":"Something went wrong on the server."}]}'),
    ]) {
      expect(words).not.toMatch(/\d{3}|Status|html|Error:/);
    }
    expect(await refusal(404, 'Not Found')).toBe(REFUSED);
    expect(await refusal(503, '{"errors":[{"detail":"x"}]}')).toBe(SERVER_TROUBLE);
    const invalid =
      '{"errors":[{"detail":"Invalid body field \'pickable\': Too big","code":"validation_failed"}]}';
    expect(await refusal(400, invalid)).toBe(UNREADABLE);
  });

  it('says plainly when there was no answer, and hides a fault of the device', async () => {
    expect(await refusalWords(new TypeError('Failed to fetch'))).toBe(OFFLINE_MESSAGE);
    const timeout = new TimeoutError(new Request('http://x/a'));
    expect(await refusalWords(timeout)).toBe(OFFLINE_MESSAGE);
    expect(await refusalWords(new RangeError('Invalid array length'))).toBe(DEVICE_TROUBLE);
  });
});
