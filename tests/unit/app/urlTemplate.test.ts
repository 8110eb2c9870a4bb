import { describe, expect, it } from 'vitest';
import { evaluateExpression, renderUrlTemplate, substitutePlaceholders, type TemplateScope } from '@src/router/urlTemplate';

const config = { domianURL: 'http://host:8080/api' };
const scope: TemplateScope = { apiBase: '/api', domianURL: config.domianURL, token: 'tok', tenantId: '3', window: { _CONFIG: config } };

describe('menu url templates', () => {
  it('renders the reference templates from the whitelisted scope', () => {
    expect(renderUrlTemplate("{{ window._CONFIG['domianURL'] }}/druid/", scope)).toBe('http://host:8080/api/druid/');
    expect(renderUrlTemplate('{{ domianURL }}/jmreport/list?token=${token}', scope)).toBe(
      'http://host:8080/api/jmreport/list?token=${token}',
    );
    expect(renderUrlTemplate("{{ domianURL + '/doc.html' }}", scope)).toBe('http://host:8080/api/doc.html');
  });

  it('keeps the raw url when the result is not an http(s) address', () => {
    expect(renderUrlTemplate('{{ apiBase }}/x', scope)).toBe('{{ apiBase }}/x');
  });

  it('cannot reach globals, prototypes or constructors', () => {
    for (const bad of [
      'window.location',
      'window.document',
      'constructor',
      'apiBase.constructor',
      "apiBase['constructor']",
      'token.__proto__',
      'globalThis',
      'alert(1)',
      'fetch',
      'this',
    ]) {
      expect(() => evaluateExpression(bad, scope)).toThrow();
      expect(renderUrlTemplate(`{{ ${bad} }}`, scope)).toBe(`{{ ${bad} }}`);
    }
    expect(() => evaluateExpression("domianURL['length']", scope)).toThrow();
    expect(() => evaluateExpression('(1)', scope)).toThrow();
  });

  it('substitutes ${token} and ${tenantId} for iframe pages', () => {
    expect(substitutePlaceholders('http://r/view?token=${token}&t=${tenantId}', 'abc', undefined)).toBe('http://r/view?token=abc&t=0');
  });
});
