// Product rules, Attribution and analytics: "Analytics library" numbers, as mixpanel-browser's own settings (they are its defaults; set
// here so a library upgrade cannot change them silently). Replay batches of up to 1000 events and the
// 255-character text capture limit are fixed inside the library.
export const MIXPANEL_CONFIG = {
  batch_requests: true,
  batch_size: 50,
  batch_flush_interval_ms: 5_000,
  batch_request_timeout_ms: 90_000,
  record_max_ms: 24 * 60 * 60 * 1000,
  record_idle_timeout_ms: 30 * 60 * 1000,
  cookie_expiration: 365,
  autocapture: {
    rage_click: { click_count: 4, timeout_ms: 1_000, threshold_px: 30 },
    dead_click: { timeout_ms: 500 },
    scroll_depth_percent_checkpoints: [25, 50, 75, 100],
  },
  // Our own page events carry the spec's page and referrer fields; mixpanel's automatic ones would double them.
  track_pageview: false,
} as const;
