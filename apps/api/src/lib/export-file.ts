import type { ExportFormat } from '@parlour/contract/constants';
import { strToU8, zipSync } from 'fflate';

export type Cell = string | number | null;
export interface ExportTable {
  headers: string[];
  rows: Cell[][];
}

/**
 * A spreadsheet program runs a cell starting with = + - @ (or a tab/CR) as a formula; such text
 * cells get a leading apostrophe so a store name cannot become a formula (CSV injection).
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a UTF-8 byte order mark, so Excel opens Chinese text correctly. */
export function buildCsv(table: ExportTable): Buffer {
  const lines = [table.headers, ...table.rows].map((row) => row.map(csvCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

function xmlEscape(value: string): string {
  // Characters XML 1.0 cannot carry are dropped; the rest are escaped.
  return Array.from(value)
    .filter(isXmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function xlsxCell(value: Cell, row: number, column: number, style = 0): string {
  const ref = `${columnName(column)}${row}`;
  const styleAttribute = style ? ` s="${style}"` : '';
  if (value === null) return `<c r="${ref}"${styleAttribute}/>`;
  if (typeof value === 'number') return `<c r="${ref}"${styleAttribute}><v>${value}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${styleAttribute}><is><t xml:space="preserve">${xmlEscape(value)}</t></is></c>`;
}

/** A minimal Office Open XML workbook with one sheet (inline strings, a bold frozen header row). */
export function buildXlsx(table: ExportTable, sheetName = 'Sheet1'): Buffer {
  const sheetRows = [table.headers, ...table.rows]
    .map(
      (row, rowIndex) =>
        `<row r="${rowIndex + 1}">${row.map((cell, column) => xlsxCell(cell, rowIndex + 1, column, rowIndex === 0 ? 1 : 0)).join('')}</row>`,
    )
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ' +
      'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ' +
      'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override ' +
      'PartName="/xl/worksheets/sheet1.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override ' +
      'PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ` +
      `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
      `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet ` +
      `name="${xmlEscape(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
      'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/styles.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet ' +
      'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz ' +
      'val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name ' +
      'val="Calibri"/></font></fonts><fills count="2"><fill><patternFill ' +
      'patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders ' +
      'count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs ' +
      'count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs ' +
      'count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" ' +
      'fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>',
    'xl/worksheets/sheet1.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ` +
      `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView ` +
      `workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>` +
      `</sheetView></sheetViews><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  const zipped = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  return Buffer.from(zipped);
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export answer of a list: the file in the asked format, base64 for the JSON envelope. */
export function buildExportFile(table: ExportTable, options: { format: ExportFormat; basename: string; now: Date }) {
  const stamp = options.now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const content = options.format === 'xlsx' ? buildXlsx(table, options.basename) : buildCsv(table);
  return {
    filename: `${options.basename}-${stamp}.${options.format}`,
    mime: MIME[options.format],
    content_base64: content.toString('base64'),
    rows: table.rows.length,
  };
}
