import { backupCommand } from '../backup/command.ts';

process.exit(await backupCommand('restore', process.argv.slice(2), process.env));
