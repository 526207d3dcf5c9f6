import { defineCall } from '@parlour/contract/call';
import { UPLOAD_IMAGE_PATH, ZUploadedImage } from '@parlour/contract/calls/settings';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/request';

/**
 * The image upload is a multipart route, not a JSON call of the contract; declared here so the
 * request layer sends it like any call (bearer token, lang_code in the form data, 120 s timeout).
 * It takes no Idempotency-Key: a repeated upload only stores another copy under a new random name,
 * and the form keeps the one it got last, so nothing a user sees is doubled.
 */
const uploadImageCall = defineCall({
  path: UPLOAD_IMAGE_PATH,
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Uploads a JPG or PNG image',
  input: z.never(),
  output: ZUploadedImage,
});

export function uploadImage(file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return callApi(uploadImageCall, form);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
