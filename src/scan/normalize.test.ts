import { describe, expect, it } from 'vitest';
import { codesMatch, normalizeCode } from './normalize';

describe('normalizeCode', () => {
  it('trims, uppercases and keeps the location code intact', () => {
    expect(normalizeCode('  h1-a02-r03-s2-b4 ')).toBe('H1-A02-R03-S2-B4');
    expect(normalizeCode('RCV')).toBe('RCV');
  });

  it('strips control characters such as Enter, Tab and GS suffixes', () => {
    expect(normalizeCode('H1-A02\r\n')).toBe('H1-A02');
    expect(normalizeCode('\u0002H1-A02\u0003\t')).toBe('H1-A02');
    expect(normalizeCode('H1\u001D-A02')).toBe('H1-A02');
  });

  it('strips AIM symbology identifiers and Code 39 start/stop stars', () => {
    expect(normalizeCode(']Q1H1-A02-R03')).toBe('H1-A02-R03');
    expect(normalizeCode(']C0h2-a01')).toBe('H2-A01');
    expect(normalizeCode('*H1-A02*')).toBe('H1-A02');
  });

  it('turns dash look-alikes and full-width characters into plain ones', () => {
    expect(normalizeCode('H1\u2013A02\u2212R03')).toBe('H1-A02-R03');
    expect(normalizeCode('Ｈ１－Ａ０２')).toBe('H1-A02');
  });

  it('gives an empty string for nothing but noise', () => {
    expect(normalizeCode(' \r\n\t ')).toBe('');
    expect(normalizeCode('**')).toBe('');
  });
});

describe('codesMatch', () => {
  it('compares normalized codes', () => {
    expect(codesMatch('h1-a02-r03-s2-b4\n', 'H1-A02-R03-S2-B4')).toBe(true);
    expect(codesMatch(']Q1H1-A02', ' h1-a02 ')).toBe(true);
  });

  it('tells different locations apart, including a parent and its child', () => {
    expect(codesMatch('H1-A02-R03-S2-B4', 'H1-A02-R03-S2-B1')).toBe(false);
    expect(codesMatch('H1-A02-R03-S2', 'H1-A02-R03-S2-B4')).toBe(false);
  });

  it('never matches empty or missing codes', () => {
    expect(codesMatch('', '')).toBe(false);
    expect(codesMatch(' ', '\n')).toBe(false);
    expect(codesMatch(null, 'H1')).toBe(false);
    expect(codesMatch('H1', undefined)).toBe(false);
  });
});
