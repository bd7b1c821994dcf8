import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { allProjectQuestions, projectQuestionsFor, URGENCY_OPTIONS, urgencyOptionFor, withAnswer } from './funnel-questions';
import { URGENCY_DEFAULT } from './urgency';

describe('project questions by the category’s group', () => {
  it('asks a home job about the property, an auto job about the vehicle; unknown categories get the generic ones', () => {
    expect(projectQuestionsFor(10003).map((q) => q.id)).toEqual(['propertyType', 'ownership', 'emergency']);
    expect(projectQuestionsFor(100).map((q) => q.id)).toEqual(['propertyType', 'ownership', 'emergency']);
    expect(projectQuestionsFor(20001).map((q) => q.id)).toEqual(['vehicleType', 'drivable']);
    expect(projectQuestionsFor(-1).map((q) => q.id)).toEqual(['emergency', 'estimate']);
    expect(projectQuestionsFor(null).map((q) => q.id)).toEqual(['emergency', 'estimate']);
  });

  it('has the words of every question and option in the catalogue', () => {
    const keys = Object.keys(enUS);
    for (const question of allProjectQuestions()) {
      expect(keys).toContain(`funnel.question.${question.id}`);
      for (const option of question.options) expect(keys).toContain(`funnel.question.${question.id}.${option}`);
    }
    for (const option of URGENCY_OPTIONS) expect(keys).toContain(`funnel.urgency.${option.id}`);
  });
});

describe('answers', () => {
  const answers = [
    { questionText: 'What type of property is this?', answerText: 'Condo or apartment' },
    { questionText: 'Is this an emergency?', answerText: 'No' },
  ];

  it('answers a question once: a new answer replaces the old one in place, a new question is added last', () => {
    expect(withAnswer(answers, 'What type of property is this?', 'Townhouse')).toEqual([
      { questionText: 'What type of property is this?', answerText: 'Townhouse' },
      { questionText: 'Is this an emergency?', answerText: 'No' },
    ]);
    expect(withAnswer(answers, 'Do you own this property?', 'No, I rent').at(-1)).toEqual({
      questionText: 'Do you own this property?',
      answerText: 'No, I rent',
    });
  });

  it('null takes the answer back', () => {
    expect(withAnswer(answers, 'Is this an emergency?', null)).toEqual([answers[0]]);
  });
});

describe('project timing', () => {
  it('defaults to NA and reads a stored value back to its choice', () => {
    expect(URGENCY_OPTIONS[0].value).toBe(URGENCY_DEFAULT);
    expect(urgencyOptionFor(null).value).toBe('NA');
    expect(urgencyOptionFor('Something else').value).toBe('NA');
    expect(urgencyOptionFor('Within 1 week').id).toBe('week');
  });
});
