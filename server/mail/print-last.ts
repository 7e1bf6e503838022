// `npm run mail:last`: the newest mail the server wrote to DATA_DIR/mail (when SMTP_URL is unset).
import { join, resolve } from 'node:path';
import { lastMailReport } from './last';

const dir = join(resolve(process.env.DATA_DIR ?? './data'), 'mail');
const report = lastMailReport(dir);
console.log(report.text);
process.exitCode = report.found ? 0 : 1;
