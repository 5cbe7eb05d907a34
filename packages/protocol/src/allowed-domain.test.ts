import { describe, expect, it } from 'vitest';
import { normaliseAllowedDomain } from './allowed-domain.ts';

describe('normaliseAllowedDomain', () => {
  it('takes a bare loopback host as http, with its port', () => {
    expect(normaliseAllowedDomain('localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseAllowedDomain('localhost')).toBe('http://localhost');
    expect(normaliseAllowedDomain('127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(normaliseAllowedDomain('[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('takes any other bare host with a dot as https', () => {
    expect(normaliseAllowedDomain('app.example.com')).toBe('https://app.example.com');
    expect(normaliseAllowedDomain('  shop.example.com:8443 ')).toBe('https://shop.example.com:8443');
    expect(normaliseAllowedDomain('*.example.com')).toBe('https://*.example.com');
  });

  it('lower-cases an origin and drops a lone trailing slash', () => {
    expect(normaliseAllowedDomain('HTTPS://App.Example.com/')).toBe('https://app.example.com');
    expect(normaliseAllowedDomain('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(normaliseAllowedDomain('https://app.example.com')).toBe('https://app.example.com');
  });

  it('leaves what has no one reading for the validator to refuse', () => {
    expect(normaliseAllowedDomain('notaurl')).toBe('notaurl');
    expect(normaliseAllowedDomain('https://app.example.com/path')).toBe('https://app.example.com/path');
    expect(normaliseAllowedDomain('app.example.com/path')).toBe('app.example.com/path');
    expect(normaliseAllowedDomain('')).toBe('');
  });
});
