import { INVALID_VIDEO_ID, isValidVideoLink, videoId } from './video-id';

describe('videoId (product rules, Validation: valid when the link yields an 11-character video id, otherwise invalid)', () => {
  it.each([
    ['watch link', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['watch link with more parameters', 'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['short link', 'https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['embed link', 'https://www.youtube-nocookie.com/embed/aB3_-x9Zq0Y', 'aB3_-x9Zq0Y'],
    ['shorts link', 'https://m.youtube.com/shorts/aB3_-x9Zq0Y', 'aB3_-x9Zq0Y'],
    ['surrounding spaces', '  https://youtu.be/dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['id of 10 characters', 'https://youtu.be/dQw4w9WgXc', INVALID_VIDEO_ID],
    ['id of 12 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ', INVALID_VIDEO_ID],
    ['character outside the id alphabet', 'https://youtu.be/dQw4w9WgX.Q', INVALID_VIDEO_ID],
    ['watch link without v', 'https://www.youtube.com/watch?list=PL123', INVALID_VIDEO_ID],
    ['channel page', 'https://www.youtube.com/@haven', INVALID_VIDEO_ID],
    ['another host', 'https://vimeo.com/dQw4w9WgXcQ', INVALID_VIDEO_ID],
    ['look-alike host', 'https://youtube.com.example.test/watch?v=dQw4w9WgXcQ', INVALID_VIDEO_ID],
    ['script address', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ', INVALID_VIDEO_ID],
    ['not a link', 'dQw4w9WgXcQ', INVALID_VIDEO_ID],
    ['empty', '', INVALID_VIDEO_ID],
  ])('%s', (_case, link, expected) => {
    expect(videoId(link)).toBe(expected);
    expect(isValidVideoLink(link)).toBe(expected !== INVALID_VIDEO_ID);
  });
});
