import { searchCall } from '@portal/domain/contracts/calls/search';
import { call } from '../../api/client.ts';

/** GET /api/busca (issue 34): the groups of the text. Loaded when the top bar first searches. */
export const searchGroups = async (q: string) => (await call(searchCall, { query: { q } })).dados;
