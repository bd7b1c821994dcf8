import { describe, expect, it } from 'vitest';
import {
  EMPTY_REVIEW_FORM,
  FIELD_ORDER,
  REVIEW_AUTO_CLOSE_MS,
  REVIEW_SOURCE_DEFAULT,
  REVIEW_SOURCE_VERSION_DEFAULT,
  type ReviewFormValues,
  firstInvalidField,
  prefillReviewForm,
  toBoardRequest,
  toDraftUpdate,
  toGatewayRequest,
  validateReviewForm,
  withDraft,
} from './review-form';

const valid: ReviewFormValues = {
  firstName: 'Ann',
  lastName: 'Lee',
  emailAddress: 'ann@example.com',
  phoneNumber: '(555) 123-4567',
  descriptionOfWork: 'Fixed the sink',
  workCompleted: 'yes',
  categoryIds: [12, 34],
};

const with_ = (patch: Partial<ReviewFormValues>): ReviewFormValues => ({ ...valid, ...patch });

describe('review-form constants', () => {
  it('are the spec values', () => {
    expect(REVIEW_AUTO_CLOSE_MS).toBe(5000);
    expect(REVIEW_SOURCE_DEFAULT).toBe('site-member');
    expect(REVIEW_SOURCE_VERSION_DEFAULT).toBe('2.0');
  });
  it('defaults workCompleted to yes and categories to never chosen', () => {
    expect(EMPTY_REVIEW_FORM.workCompleted).toBe('yes');
    expect(EMPTY_REVIEW_FORM.categoryIds).toBeNull();
  });
});

describe('validateReviewForm', () => {
  it('passes valid values', () => {
    expect(validateReviewForm(valid)).toEqual({});
  });

  it('reports every rule of an empty form', () => {
    expect(validateReviewForm({ ...EMPTY_REVIEW_FORM, workCompleted: null })).toEqual({
      emailAddress: 'validation.email',
      phoneNumber: 'validation.phone',
      firstName: 'validation.firstName',
      lastName: 'validation.lastName',
      workCompleted: 'validation.workCompleted',
      categoryIds: 'validation.categoriesRequired',
    });
  });

  describe('emailAddress', () => {
    it('is required', () => {
      expect(validateReviewForm(with_({ emailAddress: '' })).emailAddress).toBe('validation.email');
      expect(validateReviewForm(with_({ emailAddress: '   ' })).emailAddress).toBe('validation.email');
    });
    it('must be valid', () => {
      expect(validateReviewForm(with_({ emailAddress: 'ann@example' })).emailAddress).toBe('validation.email');
    });
    it('is at most 254 characters', () => {
      const at254 = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
      expect(at254).toHaveLength(254);
      expect(validateReviewForm(with_({ emailAddress: at254 })).emailAddress).toBeUndefined();
      const at255 = `${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
      expect(validateReviewForm(with_({ emailAddress: at255 })).emailAddress).toBe('validation.email');
    });
    it('ignores surrounding spaces', () => {
      expect(validateReviewForm(with_({ emailAddress: '  ann@example.com ' })).emailAddress).toBeUndefined();
    });
  });

  describe('phoneNumber', () => {
    it('is required', () => {
      expect(validateReviewForm(with_({ phoneNumber: '' })).phoneNumber).toBe('validation.phone');
    });
    it('must normalise to 10 digits', () => {
      expect(validateReviewForm(with_({ phoneNumber: '555123456' })).phoneNumber).toBe('validation.phone');
      expect(validateReviewForm(with_({ phoneNumber: '25551234567' })).phoneNumber).toBe('validation.phone');
      expect(validateReviewForm(with_({ phoneNumber: '5551234567' })).phoneNumber).toBeUndefined();
      expect(validateReviewForm(with_({ phoneNumber: '+1 555 123 4567' })).phoneNumber).toBeUndefined();
    });
    it('is at most 254 characters', () => {
      const long = `555-123-4567${'-'.repeat(243)}`; // 255 characters, 10 digits
      expect(long).toHaveLength(255);
      expect(validateReviewForm(with_({ phoneNumber: long })).phoneNumber).toBe('validation.phone');
      const at254 = `555-123-4567${'-'.repeat(242)}`; // 254 characters, 10 digits
      expect(at254).toHaveLength(254);
      expect(validateReviewForm(with_({ phoneNumber: at254 })).phoneNumber).toBeUndefined();
    });
    it('refuses letters', () => {
      expect(validateReviewForm(with_({ phoneNumber: '555-123-4567 ext' })).phoneNumber).toBe('validation.phone');
    });
  });

  it('requires first and last name after trimming', () => {
    expect(validateReviewForm(with_({ firstName: '  ' })).firstName).toBe('validation.firstName');
    expect(validateReviewForm(with_({ lastName: '' })).lastName).toBe('validation.lastName');
    expect(validateReviewForm(with_({ firstName: ' A ' })).firstName).toBeUndefined();
  });

  it('requires workCompleted; yes and no are both fine', () => {
    expect(validateReviewForm(with_({ workCompleted: null })).workCompleted).toBe('validation.workCompleted');
    expect(validateReviewForm(with_({ workCompleted: 'no' })).workCompleted).toBeUndefined();
  });

  it('tells a never-made category choice from an emptied one', () => {
    expect(validateReviewForm(with_({ categoryIds: null })).categoryIds).toBe('validation.categoriesRequired');
    expect(validateReviewForm(with_({ categoryIds: [] })).categoryIds).toBe('validation.categoriesEmpty');
    expect(validateReviewForm(with_({ categoryIds: [1] })).categoryIds).toBeUndefined();
  });

  it('does not require a description of work', () => {
    expect(validateReviewForm(with_({ descriptionOfWork: '' }))).toEqual({});
  });
});

describe('FIELD_ORDER / firstInvalidField', () => {
  it('lists every field once', () => {
    expect([...FIELD_ORDER].sort()).toEqual(Object.keys(valid).sort());
  });
  it('picks the first invalid field in form order', () => {
    expect(firstInvalidField(validateReviewForm(with_({ phoneNumber: '', firstName: '' })))).toBe('firstName');
    expect(firstInvalidField(validateReviewForm(with_({ categoryIds: [], emailAddress: 'x' })))).toBe('emailAddress');
    expect(firstInvalidField(validateReviewForm(with_({ categoryIds: [] })))).toBe('categoryIds');
    expect(firstInvalidField({})).toBeNull();
  });
});

describe('prefillReviewForm', () => {
  const lead = {
    customerInfo: {
      firstName: ' Ann ',
      lastName: 'Lee',
      emailAddress: 'ann@example.com',
      phoneNumber: '1-555-123-4567',
      isMaskedPhone: false,
    },
  };

  it('takes the customer details, phone normalised, with the form defaults', () => {
    expect(prefillReviewForm(lead)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddress: 'ann@example.com',
      phoneNumber: '5551234567',
      descriptionOfWork: '',
      workCompleted: 'yes',
      categoryIds: null,
    });
  });

  it('prefills a masked phone as empty', () => {
    expect(prefillReviewForm({ customerInfo: { ...lead.customerInfo, isMaskedPhone: true } }).phoneNumber).toBe('');
  });

  it('prefills an unusable phone as empty', () => {
    expect(prefillReviewForm({ customerInfo: { ...lead.customerInfo, phoneNumber: '12345' } }).phoneNumber).toBe('');
  });

  it('copes with missing customer info', () => {
    expect(prefillReviewForm({ customerInfo: null })).toEqual(EMPTY_REVIEW_FORM);
    expect(prefillReviewForm(undefined)).toEqual(EMPTY_REVIEW_FORM);
    expect(prefillReviewForm({ customerInfo: { firstName: null, phoneNumber: null } })).toEqual(EMPTY_REVIEW_FORM);
  });
});

describe('toBoardRequest (board form)', () => {
  it('builds the board shape from trimmed, normalised values', () => {
    const board = toBoardRequest(
      with_({
        firstName: ' Ann ',
        lastName: ' Lee',
        emailAddress: ' ann@example.com ',
        phoneNumber: '+1 (555) 123-4567',
        descriptionOfWork: '  Fixed the sink \n',
        workCompleted: 'no',
        categoryIds: [12, 34, 12],
      }),
      { serviceProviderId: '4242', postalCode: ' 98101 ' },
    );
    expect(board).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phoneNumber: '5551234567',
      reviewRequest: {
        serviceProviderId: 4242,
        postalCode: '98101',
        descriptionOfWork: 'Fixed the sink',
        workCompleted: 'no',
        categoryIds: [12, 34],
      },
    });
  });

  it('keeps a numeric provider id a number', () => {
    expect(toBoardRequest(valid, { serviceProviderId: 7, postalCode: '10001' }).reviewRequest.serviceProviderId).toBe(7);
  });

  it('refuses invalid values', () => {
    expect(() => toBoardRequest(with_({ categoryIds: null }), { serviceProviderId: 7, postalCode: '10001' })).toThrow(TypeError);
    expect(() => toBoardRequest(with_({ workCompleted: null }), { serviceProviderId: 7, postalCode: '10001' })).toThrow(TypeError);
  });

  it('refuses a provider id that is not a positive integer', () => {
    for (const serviceProviderId of ['', 'abc', '12.5', 0, -3, Number.NaN]) {
      expect(() => toBoardRequest(valid, { serviceProviderId, postalCode: '10001' })).toThrow(TypeError);
    }
  });
});

describe('toGatewayRequest (gateway variant)', () => {
  it('maps the board shape; yes becomes true', () => {
    const board = toBoardRequest(valid, { serviceProviderId: 7, postalCode: '10001' });
    expect(toGatewayRequest(board)).toEqual({
      serviceProviderId: 7,
      postalCode: '10001',
      emailAddress: 'ann@example.com',
      phoneNumber: '5551234567',
      firstName: 'Ann',
      lastName: 'Lee',
      descriptionOfWork: 'Fixed the sink',
      workCompleted: true,
      categories: [12, 34],
    });
  });

  it('maps no to false', () => {
    const board = toBoardRequest(with_({ workCompleted: 'no' }), { serviceProviderId: 7, postalCode: '10001' });
    expect(toGatewayRequest(board).workCompleted).toBe(false);
  });
});

describe("draft reviews (the provider's part of the draft)", () => {
  it('puts only the work into the draft: description trimmed, yes/no as a boolean, categories once; never contact details', () => {
    const body = toDraftUpdate(with_({ descriptionOfWork: '  Fixed the sink  ', workCompleted: 'no', categoryIds: [34, 12, 34] }));
    expect(body).toEqual({ draftReview: { descriptionOfWork: 'Fixed the sink', workCompleted: false }, draftRatings: [], categories: [34, 12] });
    expect(JSON.stringify(body)).not.toContain('ann@example.com');
    expect(JSON.stringify(body)).not.toContain('Lee');
    expect(toDraftUpdate(with_({ workCompleted: 'yes', categoryIds: null }))).toEqual({
      draftReview: { descriptionOfWork: 'Fixed the sink', workCompleted: true },
      draftRatings: [],
      categories: [],
    });
    expect(toDraftUpdate(with_({ workCompleted: null })).draftReview).toEqual({ descriptionOfWork: 'Fixed the sink' });
  });

  it('applies a saved draft to the starting values: description, answer, offered categories', () => {
    const start = prefillReviewForm({ customerInfo: { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', phoneNumber: '5551234567' } });
    const offered = new Set([12, 34]);
    expect(withDraft({ ...start, categoryIds: [12] }, { descriptionOfWork: 'New AC', workCompleted: false, categories: [34, 99] }, offered)).toEqual({
      ...start,
      descriptionOfWork: 'New AC',
      workCompleted: 'no',
      categoryIds: [34],
    });
    // Unanswered keeps the default yes; no offered category keeps the pre-selection.
    expect(withDraft({ ...start, categoryIds: [12] }, { descriptionOfWork: '', workCompleted: null, categories: [99] }, offered)).toEqual({
      ...start,
      categoryIds: [12],
    });
    expect(withDraft({ ...start, categoryIds: null }, { descriptionOfWork: '', workCompleted: true, categories: [] }, offered).categoryIds).toBeNull();
    expect(withDraft(start, null, offered)).toBe(start);
  });
});
