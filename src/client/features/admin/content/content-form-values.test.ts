import { makeContentItem } from '@client/testing/content';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDate,
  type ContentFormValues,
  contentFormValuesFrom,
  DEFAULT_CONTENT_FORM_VALUES,
  formatCalendarDate,
  parseDurationSeconds,
  resolveContentForm,
  toContentInput,
} from './content-form-values';

/** The form's resolver on `values`: the first message per field, as the form shows them. */
async function errorsOf(values: ContentFormValues) {
  const { errors } = await resolveContentForm(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field,
      Array.isArray(error) ? error.find(Boolean)?.message : error?.message,
    ]),
  );
}

const filled: ContentFormValues = {
  ...DEFAULT_CONTENT_FORM_VALUES,
  title: 'Evening Breath',
  description: 'Ten quiet minutes.',
  duration: '600',
};

describe('content form values', () => {
  it('starts as docs/product.md says: video, duration 0, free, published', () => {
    expect(DEFAULT_CONTENT_FORM_VALUES).toMatchObject({
      type: 'video',
      duration: '0',
      isPremium: false,
      isPublished: true,
      tags: '',
      calendarDates: [],
    });
  });

  it('needs a title and a description', async () => {
    expect(await errorsOf({ ...DEFAULT_CONTENT_FORM_VALUES, title: '  ' })).toEqual({
      title: 'Title is required',
      description: 'Description is required',
    });
  });

  it('needs a duration for video and audio, not for posts or events', async () => {
    for (const type of ['video', 'audio'] as const) {
      expect(await errorsOf({ ...filled, type, duration: ' ' })).toEqual({
        duration: 'Duration is required for video and audio',
      });
    }
    for (const type of ['post', 'event'] as const) {
      expect(await errorsOf({ ...filled, type, duration: '' })).toEqual({});
    }
  });

  it('reads the duration as whole seconds, anything else as 0', () => {
    expect(parseDurationSeconds('750')).toBe(750);
    expect(parseDurationSeconds(' 90.7 ')).toBe(90);
    expect(parseDurationSeconds('soon')).toBe(0);
    expect(parseDurationSeconds('')).toBe(0);
  });

  it('refuses a negative duration with the schema’s message', async () => {
    expect(await errorsOf({ ...filled, duration: '-5' })).toEqual({
      duration: 'Duration cannot be negative',
    });
  });

  it('sends tags as an array: split on commas, trimmed, empties dropped', async () => {
    const values = { ...filled, tags: ' breath, , sleep ,breath,' };
    expect(await errorsOf(values)).toEqual({});
    expect(toContentInput(values).tags).toEqual(['breath', 'sleep']);
  });

  it('refuses a tag that is too long, on the Tags field', async () => {
    expect(await errorsOf({ ...filled, tags: `calm, ${'x'.repeat(41)}` })).toEqual({
      tags: 'Each tag can be at most 40 characters',
    });
  });

  it('refuses a streaming URL that is not http(s)', async () => {
    expect(await errorsOf({ ...filled, videoUrl: 'ftp://example.com/a.mp4' })).toEqual({
      videoUrl: 'Video URL must be an http(s) URL',
    });
  });

  it("sends a scheduled time as an ISO instant of the admin's local time, and reads it back", () => {
    const local = '2026-12-01T08:30';
    const sent = toContentInput({ ...filled, publishAt: local });
    expect(sent.publishAt).toBe(new Date(local).toISOString());
    const item = makeContentItem({ isPublished: false, publishAt: sent.publishAt as string });
    expect(contentFormValuesFrom(item).publishAt).toBe(local);
    expect(contentFormValuesFrom(makeContentItem({ publishAt: null })).publishAt).toBe('');
  });

  it('builds the API body with empty strings for no media and null for no intensity', () => {
    expect(toContentInput({ ...filled, calendarDates: ['2026-03-05'] })).toEqual({
      title: 'Evening Breath',
      description: 'Ten quiet minutes.',
      type: 'video',
      thumbnailUrl: '',
      duration: 600,
      isPremium: false,
      isPublished: true,
      tags: [],
      intensity: null,
      language: null,
      calendarDates: ['2026-03-05'],
      videoUrl: '',
      videoFileUrl: '',
      publishAt: '',
    });
  });

  it('fills the edit form from an item, the uploaded file included', () => {
    const item = makeContentItem({
      title: 'Dawn',
      type: 'audio',
      duration: 750,
      tags: ['breath', 'morning'],
      calendarDates: ['2026-03-09', '2026-03-05'],
      intensity: 'gentle',
      thumbnailUrl: '/objects/images/a.webp',
      videoUrl: null,
      videoFileUrl: '/objects/media/a.mp3',
    });
    expect(contentFormValuesFrom(item)).toMatchObject({
      title: 'Dawn',
      type: 'audio',
      duration: '750',
      tags: 'breath, morning',
      calendarDates: ['2026-03-05', '2026-03-09'],
      intensity: 'gentle',
      thumbnailUrl: '/objects/images/a.webp',
      videoUrl: '',
      videoFileUrl: '/objects/media/a.mp3',
    });
  });

  it('adds calendar dates once, in order', () => {
    expect(addCalendarDate(['2026-03-09'], '2026-03-05')).toEqual(['2026-03-05', '2026-03-09']);
    expect(addCalendarDate(['2026-03-05'], '2026-03-05')).toEqual(['2026-03-05']);
    expect(addCalendarDate(['2026-03-05'], '')).toEqual(['2026-03-05']);
  });

  it('writes calendar dates the en-US way without shifting the day', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatCalendarDate('2026-12-31', 'long')).toBe('December 31, 2026');
  });
});
