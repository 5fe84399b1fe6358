import { describe, expect, it } from 'vitest';
import { BOM, csvField, passwordsSheet, studentsTemplate, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('Иван')).toBe('Иван');
    expect(csvField('ivan@example.com')).toBe('ivan@example.com');
  });

  it('quotes commas, semicolons, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Petrov, Jr')).toBe('"Petrov, Jr"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
  });
});

describe('toCsv', () => {
  it('starts with the BOM and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(`${BOM}a,b\r\nc,d\r\n`);
  });

  it('writes a field that would start a spreadsheet formula as text', () => {
    expect(toCsv([['=1+2', '+7', '-x', '@SUM(A1)', '\tx', "'=q", 'ok', "it's"]])).toBe(
      `${BOM}'=1+2,'+7,'-x,'@SUM(A1),'\tx,''=q,ok,it's\r\n`,
    );
    // An apostrophe does not hide a carriage return from the quoting.
    expect(toCsv([['\rx']])).toBe(`${BOM}"'\rx"\r\n`);
  });
});

describe('studentsTemplate', () => {
  it('has the header the server skips, then the examples', () => {
    const text = studentsTemplate([['maria@example.com', 'Мария', 'Иванова']]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Email,First Name,Last Name',
      'maria@example.com,Мария,Иванова',
      '',
    ]);
  });
});

describe('passwordsSheet', () => {
  it('lists each person with their password, quoting what needs it', () => {
    const text = passwordsSheet(
      ['First name', 'Last name', 'E-mail', 'Password'],
      [
        { id: 1, first_name: 'Ана', last_name: 'Стоянова', email: 'ana@example.com', password: 'x;y"z' },
        { id: 2, first_name: 'Jo, Jr', last_name: 'Doe', email: 'jo@example.com', password: 'plain' },
      ],
    );
    expect(text).toBe(
      `${BOM}First name,Last name,E-mail,Password\r\n` +
        'Ана,Стоянова,ana@example.com,"x;y""z"\r\n' +
        '"Jo, Jr",Doe,jo@example.com,plain\r\n',
    );
  });

  it('keeps names and e-mails that would start a formula from running', () => {
    const text = passwordsSheet(
      ['First name', 'Last name', 'E-mail', 'Password'],
      [
        {
          id: 1,
          first_name: '=cmd|" /C calc"!A0',
          last_name: '-2+3',
          email: '@x@example.com',
          password: 'abcde-fghjk',
        },
      ],
    );
    expect(text.split('\r\n')[1]).toBe(`"'=cmd|"" /C calc""!A0",'-2+3,'@x@example.com,abcde-fghjk`);
  });
});
