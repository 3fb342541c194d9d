import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { DURATION_UNREADABLE_NOTE } from './media-duration.ts';

/**
 * Durations read from uploaded audio and video (issue 36), through the real upload flow on the
 * local driver (uploads-s3.test.ts reads one from a bucket). A file of its own: the admin's upload
 * allowance per minute is shared with uploads.test.ts otherwise.
 */

/** Tiny real recordings whose names say their length (tests/fixtures/media/README.md). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');

/** The upload URL's three steps as the browser takes them: URL, PUT (no cookie), registration. */
async function uploaded(body: Buffer): Promise<string> {
  const created = await admin.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { size: body.length },
  });
  expect(created.statusCode, created.body).toBe(200);
  const url = new URL(created.json().uploadURL as string);
  const put = await t.app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode, put.body).toBe(200);
  return `${url.origin}${url.pathname}`;
}

/** The MP3 with an ID3v2.3 tag holding only a title (TIT2, Latin-1) before its first frame. */
function withId3Title(mp3: Buffer, title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frameHeader = Buffer.alloc(10);
  frameHeader.write('TIT2', 0, 'latin1');
  frameHeader.writeUInt32BE(text.length, 4);
  const frame = Buffer.concat([frameHeader, text]);
  // The tag's size is "synchsafe": seven bits per byte.
  const size = frame.length;
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([header, frame, mp3]);
}

const registerMedia = (videoURL: string) =>
  admin.request({ method: 'PUT', url: '/api/uploaded-videos', payload: { videoURL } });

describe('durations read at registration', () => {
  it('answers with the length of real MP3, M4A, MP4 and Ogg files, in whole seconds', async () => {
    const cases = [
      { file: 'bell-7s.mp3', kind: 'audio', contentType: 'audio/mpeg', duration: 7 },
      { file: 'bell-5s.m4a', kind: 'audio', contentType: 'audio/x-m4a', duration: 5 },
      { file: 'still-4s.mp4', kind: 'video', contentType: 'video/mp4', duration: 4 },
      { file: 'bell-6s.ogg', kind: 'audio', contentType: 'audio/ogg', duration: 6 },
    ];
    for (const { file, ...expected } of cases) {
      const response = await registerMedia(await uploaded(fixture(file)));
      expect(response.statusCode, `${file}: ${response.body}`).toBe(200);
      expect(response.json(), file).toMatchObject(expected);
      expect(response.json().durationNote, file).toBeUndefined();
    }
  });

  it('a file whose length cannot be read still registers, with no duration and a note', async () => {
    const corrupt = [
      // An MPEG audio frame header and then nothing that decodes.
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(3000, 0)]),
      // An MP4's opening box and then noise where the boxes should be.
      Buffer.concat([fixture('still-4s.mp4').subarray(0, 40), Buffer.alloc(3000, 0x7f)]),
    ];
    for (const bytes of corrupt) {
      const response = await registerMedia(await uploaded(bytes));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ duration: null, durationNote: DURATION_UNREADABLE_NOTE });
    }
  });

  it("answers with the title in the file's own tags, as one line, and none when it has none", async () => {
    const tagged = await registerMedia(
      await uploaded(withId3Title(fixture('bell-7s.mp3'), 'Evening\nBell  Sit')),
    );
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toMatchObject({ duration: 7, title: 'Evening Bell Sit' });
    const untagged = await registerMedia(await uploaded(fixture('bell-6s.ogg')));
    expect(untagged.json().title).toBeUndefined();
  });

  it('an item saved with the uploaded file and no duration typed takes the length read; a typed one wins', async () => {
    const registered = await registerMedia(await uploaded(fixture('bell-7s.mp3')));
    const videoFileUrl = registered.json().objectPath as string;
    const save = (duration: number) =>
      admin.request({
        method: 'POST',
        url: '/api/videos',
        payload: { title: 'Seven seconds', description: 'A bell.', type: 'audio', duration, videoFileUrl },
      });
    const untyped = await save(0);
    expect(untyped.statusCode, untyped.body).toBe(201);
    expect(untyped.json().duration).toBe(7);
    const typed = await save(300);
    expect(typed.json().duration).toBe(300);
    // Editing an item back to 0 takes the file's length again, rather than showing "0 min".
    const edited = await admin.request({
      method: 'PUT',
      url: `/api/videos/${typed.json().id}`,
      payload: { title: 'Seven seconds', description: 'A bell.', type: 'audio', duration: 0, videoFileUrl },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().duration).toBe(7);
  });
});
