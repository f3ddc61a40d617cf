// The shared api test kit (msw standing in for the api, the test runtime config, signed-in credentials) and
// the answers the dashboard's feature tests share.
import { http } from 'msw';
import { API, json } from '../../../shared/src/core/test/api-test-kit';

export { API, installApiTestKit, json, server } from '../../../shared/src/core/test/api-test-kit';

/** The patient's location answered as India (zone Asia/Kolkata), for pages that show times in the patient's zone. */
export const userLocationInIndia = () =>
  http.get(`${API}/customers/user_location`, () =>
    json({
      location: {
        country: 'IN',
        timezone: 'Asia/Kolkata',
        display_timezone: 'India - IST',
        is_blacklisted_country: false,
        is_international: false,
      },
    }),
  );
