import { Command } from 'commander';

const program = new Command('municipal')
  .description('IT staff tools for the municipal website: records, accounts and the database.')
  .showHelpAfterError();

await program.parseAsync();
