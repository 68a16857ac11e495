import { readHidden } from './read-hidden.ts';
import { createAdminCommand } from './create-admin-command.ts';

const { code, line } = await createAdminCommand({
  argv: process.argv.slice(2),
  env: process.env,
  askPassword: process.stdin.isTTY ? readHidden : undefined,
});
(code === 0 ? console.log : console.error)(line);
process.exit(code);
