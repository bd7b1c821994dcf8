import { describe, expect, it } from 'vitest';
import { EMPTY_FUNNEL_FORM } from './form';
import { createLeadV3Payload, projectProblems, type ProjectDetails } from './lead';

const form = {
  ...EMPTY_FUNNEL_FORM,
  categoryId: 100,
  categoryName: 'Plumbing',
  taskCategoryId: 10003,
  taskCategoryName: 'Drain Cleaning',
  postalCode: '80202',
};
const details: ProjectDetails = {
  description: '  Kitchen sink drains slowly  ',
  urgency: null,
  answers: [
    { questionText: 'Where is the clog?', answerText: ' Kitchen ' },
    { questionText: 'How long?', answerText: '   ' },
  ],
  address: { lineOne: ' 1600 Larimer St ', lineTwo: '', city: 'Denver', state: 'CO', postalCode: '' },
  showAddress: true,
  contact: { firstName: ' Jordan ', lastName: 'Rivera', email: ' jordan.rivera@example.com ', phoneNumber: '+1 (303) 555-0142' },
};

describe('create-lead v3 payload from the funnel’s values', () => {
  it('files the lead under the task category, trims text, defaults urgency to NA, keeps answered questions only', () => {
    expect(createLeadV3Payload(form, details)).toEqual({
      source: 'SR_RAQ',
      title: 'Drain Cleaning',
      description: 'Kitchen sink drains slowly',
      urgency: 'NA',
      categoryId: 10003,
      showAddress: true,
      attributes: [{ questionText: 'Where is the clog?', answerText: 'Kitchen' }],
      assignedServiceProviderIds: [],
      assignedExternalServiceProviderIds: [],
      contactInformation: { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' },
      address: { lineOne: '1600 Larimer St', city: 'Denver', state: 'CO', postalCode: '80202' },
    });
  });

  it('without a task category uses the category; a given urgency and second line are sent', () => {
    const payload = createLeadV3Payload(
      { ...form, taskCategoryId: null, taskCategoryName: null },
      { ...details, urgency: ' Within a week ', address: { ...details.address, lineTwo: ' Apt 12 ', postalCode: '80203' } },
    );
    expect(payload).toMatchObject({ title: 'Plumbing', categoryId: 100, urgency: 'Within a week', address: { lineTwo: 'Apt 12', postalCode: '80203' } });
    expect(createLeadV3Payload(form, { ...details, urgency: '  ' }).urgency).toBe('NA');
  });

  it('coming from a provider: source RequestAQuote and the lead goes to it (AL) or as an external lead (HA)', () => {
    expect(createLeadV3Payload({ ...form, serviceProviderId: 1001 }, details)).toMatchObject({
      source: 'RequestAQuote',
      assignedServiceProviderIds: [1001],
      assignedExternalServiceProviderIds: [],
    });
    expect(createLeadV3Payload({ ...form, serviceProviderId: 2002 }, details, 'HA')).toMatchObject({
      source: 'RequestAQuote',
      assignedServiceProviderIds: [],
      assignedExternalServiceProviderIds: [2002],
    });
  });

  it('names the fields it cannot take, in form order, and refuses to build from them', () => {
    const bad: ProjectDetails = {
      ...details,
      address: { lineOne: ' ', lineTwo: '', city: '', state: 'CO', postalCode: '8020' },
      contact: { firstName: '', lastName: 'Rivera', email: 'jordan@', phoneNumber: '555-0142' },
    };
    expect(projectProblems(bad, form)).toEqual(['firstName', 'email', 'phoneNumber', 'lineOne', 'city', 'postalCode']);
    expect(projectProblems(details, form)).toEqual([]);
    expect(projectProblems(details, { postalCode: null })).toEqual(['postalCode']);
    expect(() => createLeadV3Payload(form, bad)).toThrow(TypeError);
    expect(() => createLeadV3Payload({ ...form, categoryId: null, taskCategoryId: null }, details)).toThrow(TypeError);
    expect(() => createLeadV3Payload({ ...form, taskCategoryName: null }, details)).toThrow(TypeError);
  });
});
