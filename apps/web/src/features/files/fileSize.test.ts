import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@portal/domain';
import { formatFileSize } from './fileSize.ts';

describe('file sizes as the attachments list shows them', () => {
  it('bytes, KB and MB in decimal units with a comma', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(820_400)).toBe('820,4 KB');
    expect(formatFileSize(1_400_000)).toBe('1,4 MB');
  });
  it('the upload limit reads as the 15 MB the screen announces', () => {
    expect(formatFileSize(MAX_FILE_BYTES)).toBe('15 MB');
  });
});
