import { backupCommand } from '../backup/command.ts';

process.exit(await backupCommand('backup', process.argv.slice(2), process.env));
