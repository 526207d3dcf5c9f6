/**
 * A self-signed certificate for `vendor.parlour.test` (P-256, valid until 2126), for the test of
 * outbound https: the client must present and verify the configured name while connecting to the
 * address the policy checked. Test material only; it protects nothing.
 */
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg0FIs38u0zDE1vBze
W/PkgKs2k4sUGPi66+TF5aB36rShRANCAAROSC1ZdBQe6HakCCCfhToMHkoLnsRS
Mi/44oQXxW0mTQJ9DBQHipzKgbsn0OXjSW+SLjiwoIemysufNWa2akOh
-----END PRIVATE KEY-----
`;
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBtDCCAVmgAwIBAgIUO3GOLJCmNw6yL2bZ82hENmqh1y4wCgYIKoZIzj0EAwIw
HjEcMBoGA1UEAwwTdmVuZG9yLnBhcmxvdXIudGVzdDAgFw0yNjExMjQxNTMzNDVa
GA8yMTI2MTAzMTE1MzM0NVowHjEcMBoGA1UEAwwTdmVuZG9yLnBhcmxvdXIudGVz
dDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABE5ILVl0FB7odqQIIJ+FOgweSgue
xFIyL/jihBfFbSZNAn0MFAeKnMqBuyfQ5eNJb5IuOLCgh6bKy581ZrZqQ6GjczBx
MB0GA1UdDgQWBBQV3pdRYuGi6omJpNUBY9XuTeLc8DAfBgNVHSMEGDAWgBQV3pdR
YuGi6omJpNUBY9XuTeLc8DAPBgNVHRMBAf8EBTADAQH/MB4GA1UdEQQXMBWCE3Zl
bmRvci5wYXJsb3VyLnRlc3QwCgYIKoZIzj0EAwIDSQAwRgIhALLkN8Jk4yT8a+je
WUEo6as40yW1m0+SSV/oZxgxP+pOAiEArYLVHY9PBrVG+pGg6ktNwgqDCb9mIpHE
59AIYZucxfw=
-----END CERTIFICATE-----
`;
