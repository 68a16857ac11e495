import ExcelJS from 'exceljs';

export async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = ((sheet.getRow(1).values as unknown[]) ?? []).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const o: Record<string, unknown> = {};
    headers.forEach((h, i) => (o[h] = row.getCell(i + 1).value));
    rows.push(o);
  });
  return { sheet, headers, rows };
}
