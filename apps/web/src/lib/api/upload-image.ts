import { defineCall } from '@parlour/contract/call';
import { MERCHANT_UPLOAD_IMAGE_PATH, UPLOAD_IMAGE_PATH, ZUploadedImage } from '@parlour/contract/calls/settings';
import type { Role } from '@parlour/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/request';

/**
 * The image upload is a multipart route, not a JSON call of the contract; declared here so the
 * request layer sends it like any call (bearer token, lang_code in the form data, 120 s timeout).
 * It takes no Idempotency-Key: a repeated upload only stores another copy under a new random name,
 * and the form keeps the one it got last, so nothing a user sees is doubled.
 */
const uploadImageCalls = {
  admin: defineCall({
    path: UPLOAD_IMAGE_PATH,
    role: 'admin',
    isAuthenticated: true,
    isWrite: false,
    summary: 'Uploads a JPG or PNG image',
    input: z.never(),
    output: ZUploadedImage,
  }),
  // The merchant's (their stores' logo and icon): the same form, their own token.
  merchant: defineCall({
    path: MERCHANT_UPLOAD_IMAGE_PATH,
    role: 'merchant',
    isAuthenticated: true,
    isWrite: false,
    summary: 'Uploads a JPG or PNG image',
    input: z.never(),
    output: ZUploadedImage,
  }),
};

export function uploadImage(file: File, role: Role = 'admin') {
  const form = new FormData();
  form.set('file', file, file.name);
  return callApi(uploadImageCalls[role], form);
}

export function useUploadImage(role: Role = 'admin') {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, role) });
}
