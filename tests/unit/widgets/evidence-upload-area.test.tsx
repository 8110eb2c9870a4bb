import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { areaRecords, areaText } from '@widgets/area/area-data';
import { JUpload } from '@widgets/upload/JUpload';
import { checkUploadSize, uploadLimitText } from '@widgets/upload/upload-rules';
import { checkUploadFile as checkGridUpload, uploadLimitTip } from '@widgets/editable-grid/adapters/upload';
import type { GridColumn } from '@widgets/editable-grid/types';
import { areaCodeOf, areaTextOf } from '../../../server/modules/lookup/area-dict';
import { evidenceFiles } from '../../../src/views/xypj/snapshot-fields';
import { fakeHttp, renderWith } from './fake-http';

describe('area codes', () => {
  it('the cascader and the server name every GB/T 2260 code alike, and the server reads each name back to its code', () => {
    const records = areaRecords();
    expect(records.length).toBeGreaterThan(3000);
    for (const { id } of records) {
      expect(areaTextOf(id)).toBe(areaText(id));
      expect(areaCodeOf(areaText(id))).toBe(id);
    }
    expect(areaText('520115')).toBe('贵州省/贵阳市/观山湖区');
    expect(areaCodeOf(' 贵州省 / 贵阳市 / 观山湖区 ')).toBe('520115');
    expect(areaCodeOf('观山湖区')).toBeNull();
    expect(areaCodeOf('999999')).toBeNull();
  });
});

describe('upload limits', () => {
  it('says which formats and what size are accepted', () => {
    expect(uploadLimitText('all', '.pdf,.jpg,.jpeg,.png', 10)).toBe('支持PDF、JPG、JPEG、PNG格式，单个文件不超过10MB');
    expect(uploadLimitText('image', undefined, 5)).toBe('支持图片，单个文件不超过5MB');
    expect(checkUploadSize({ size: 10 * 1024 * 1024 }, 10)).toBeNull();
    expect(checkUploadSize({ size: 10 * 1024 * 1024 + 1 }, 10)).toBe('文件大小不能超过10MB');
  });

  it('writes the limit beside the button and refuses a file over it without sending it', async () => {
    const http = fakeHttp();
    const { container } = renderWith(<JUpload accept=".pdf,.png" maxSize={1} text="上传营业执照" />, http);
    expect(screen.getByText('支持PDF、PNG格式，单个文件不超过1MB')).toBeTruthy();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], '营业执照.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [big] } });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(await screen.findByText('文件大小不能超过1MB')).toBeTruthy();
    expect(http.upload).not.toHaveBeenCalled();
  });
});

describe('evidence of a unit', () => {
  it('lists the licence, then each sub-list row file named by its row', () => {
    const unit = {
      licenseFile: 'xypj/20260101/licence.pdf',
      engineerList: [
        { name: '王伟', certFile: 'xypj/20260101/cert.pdf' },
        { name: '', certFile: '' },
      ],
      projectList: [{ name: '大桥', proofFile: 'xypj/20260101/a.pdf,xypj/20260101/b.png' }],
      awardList: [{ file: 'xypj/20260101/award.jpg' }],
    };
    expect(evidenceFiles(unit)).toEqual([
      { label: '营业执照', path: 'xypj/20260101/licence.pdf' },
      { label: '注册监理工程师·王伟·证书文件', path: 'xypj/20260101/cert.pdf' },
      { label: '业绩项目·大桥·证明材料', path: 'xypj/20260101/a.pdf' },
      { label: '业绩项目·大桥·证明材料', path: 'xypj/20260101/b.png' },
      { label: '获奖情况·第1行·证明文件', path: 'xypj/20260101/award.jpg' },
    ]);
  });
});

describe('grid file cells', () => {
  it('refuse a file over the size limit and say what they take in the button tooltip', () => {
    const column = { key: 'certFile', title: '证书文件', type: 'file', props: { accept: '.pdf,.png' } } as GridColumn;
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], '证书.pdf', { type: 'application/pdf' });
    expect(checkGridUpload(big, column)).toBe('文件大小不能超过10MB');
    expect(checkGridUpload(new File(['x'], '证书.docx'), column)).toBe('请上传.pdf,.png格式的文件');
    expect(checkGridUpload(new File(['x'], '证书.pdf'), column)).toBeNull();
    expect(uploadLimitTip(column)).toBe('支持PDF、PNG格式，单个文件不超过10MB');
  });
});
