import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK, QUESTIONNAIRE_MINUTES, questionnaireHref, questionnaireLink } from './questionnaire.ts';

describe('questionnaireLink', () => {
  it('offers absolute http(s) addresses as they are configured', () => {
    expect(questionnaireLink('https://survey.example.com/s/abc?lang=de')).toBe('https://survey.example.com/s/abc?lang=de');
    expect(questionnaireLink('http://survey.example.com/')).toBe('http://survey.example.com/');
  });
  it('offers nothing without an address or for other schemes', () => {
    expect(questionnaireLink(undefined)).toBeNull();
    expect(questionnaireLink(null)).toBeNull();
    expect(questionnaireLink('')).toBeNull();
    expect(questionnaireLink('javascript:alert(1)')).toBeNull();
    expect(questionnaireLink('data:text/html,hi')).toBeNull();
    expect(questionnaireLink('/survey')).toBeNull();
  });
  it('opens in a new tab without opener or referrer, and takes 3 to 5 minutes', () => {
    expect(EXTERNAL_LINK).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(QUESTIONNAIRE_MINUTES).toEqual({ min: 3, max: 5 });
  });
});

describe('questionnaireHref (ADR 017)', () => {
  it("offers the brand's address unless there is none or disableQuestionnaire is set", () => {
    expect(questionnaireHref('https://survey.example.com/s/abc', {})).toBe('https://survey.example.com/s/abc');
    expect(questionnaireHref('https://survey.example.com/s/abc', { disableQuestionnaire: true })).toBeNull();
    expect(questionnaireHref(undefined, {})).toBeNull();
    expect(questionnaireHref('javascript:alert(1)', undefined)).toBeNull();
  });
});
