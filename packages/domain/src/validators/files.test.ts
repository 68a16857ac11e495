import { describe, expect, it } from 'vitest';
import {
  FILE_SIZE_INVALID,
  FILE_TYPE_INVALID,
  MAX_FILE_BYTES,
  acceptAttribute,
  fileProblem,
} from './files.ts';

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
const PDF = bytes(0x25, 0x50, 0x44, 0x46, 0x2d);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const EXE = bytes(0x4d, 0x5a, 0x90, 0x00);
const file = (name: string, head: Uint8Array, size = 1000) => ({ name, head, size });

describe('Anexos das solicitações (pdf, jpeg, jpg, png)', () => {
  it('aceita pdf, jpg, jpeg e png cujo conteúdo confere', () => {
    expect(fileProblem('solicitacao', file('fatura.pdf', PDF))).toBeNull();
    expect(fileProblem('solicitacao', file('foto.JPG', JPEG))).toBeNull();
    expect(fileProblem('solicitacao', file('foto.jpeg', JPEG))).toBeNull();
    expect(fileProblem('solicitacao', file('print.png', PNG))).toBeNull();
  });

  it('tipo é verificado pelo conteúdo: executável renomeado para .pdf dá "Extensão de arquivo inválida"', () => {
    expect(fileProblem('solicitacao', file('fatura.pdf', EXE))).toBe(FILE_TYPE_INVALID);
  });

  it('conteúdo e extensão precisam concordar: PNG chamado .pdf é recusado', () => {
    expect(fileProblem('solicitacao', file('fatura.pdf', PNG))).toBe(FILE_TYPE_INVALID);
  });

  it('doc, docx e msg não são aceitos nos formulários de solicitação', () => {
    expect(fileProblem('solicitacao', file('carta.doc', OLE))).toBe(FILE_TYPE_INVALID);
    expect(fileProblem('solicitacao', file('carta.docx', ZIP))).toBe(FILE_TYPE_INVALID);
    expect(fileProblem('solicitacao', file('email.msg', OLE))).toBe(FILE_TYPE_INVALID);
  });

  it('arquivo acima de 15.000.000 bytes dá "Tamanho Inválido"; exatamente 15.000.000 passa', () => {
    expect(fileProblem('solicitacao', file('fatura.pdf', PDF, MAX_FILE_BYTES + 1))).toBe(FILE_SIZE_INVALID);
    expect(fileProblem('solicitacao', file('fatura.pdf', PDF, MAX_FILE_BYTES))).toBeNull();
  });

  it('o seletor de arquivos oferece só as extensões do formulário', () => {
    expect(acceptAttribute('solicitacao')).toBe('.pdf,.jpg,.jpeg,.png');
  });
});

describe('Anexos da regularização (também doc, docx e msg)', () => {
  it('aceita doc e msg (arquivos OLE) e docx (pacote zip)', () => {
    expect(fileProblem('regularizacao', file('resposta.doc', OLE))).toBeNull();
    expect(fileProblem('regularizacao', file('resposta.docx', ZIP))).toBeNull();
    expect(fileProblem('regularizacao', file('email.msg', OLE))).toBeNull();
    expect(fileProblem('regularizacao', file('resposta.pdf', PDF))).toBeNull();
  });

  it('msg sem a assinatura OLE é recusado', () => {
    expect(fileProblem('regularizacao', file('email.msg', EXE))).toBe(FILE_TYPE_INVALID);
  });

  it('tamanho acima do limite também vale para a regularização', () => {
    expect(fileProblem('regularizacao', file('resposta.docx', ZIP, MAX_FILE_BYTES + 1))).toBe(
      FILE_SIZE_INVALID,
    );
  });
});

describe('Anexos: a assinatura é o começo do arquivo', () => {
  it('um arquivo que é só a assinatura ainda é do seu tipo; um mais curto não', () => {
    const pdfSignature = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    expect(fileProblem('solicitacao', file('a.pdf', pdfSignature))).toBeNull();
    expect(fileProblem('solicitacao', file('a.pdf', pdfSignature.slice(0, 3)))).toBe(FILE_TYPE_INVALID);
  });
});
