/** An instant as the portal's users read it: dd/mm/aaaa hh:mm:ss in Brasília. */
export const whenText = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }).replace(',', '');
