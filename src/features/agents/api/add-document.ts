import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { agentKeys } from './query-keys';

/** A file as the API takes it: a PDF in base64, any other as its text. */
async function bodyOf(file: File) {
  if (/\.pdf$/i.test(file.name) || file.type === 'application/pdf') {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 8192)
      binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return { name: file.name, content_base64: btoa(binary) };
  }
  return { name: file.name, content: await file.text() };
}

/** `POST /task/agents/{id}/documents` with an uploaded file; throws ApiError. */
export async function addDocument({ agentId, file }: { agentId: string; file: File }) {
  return unwrap(
    callApi.POST('/task/agents/{id}/documents', {
      params: { path: { id: agentId } },
      body: await bodyOf(file),
    }),
  );
}

export function useAddDocument(userId: string | null | undefined, agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDocument,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: agentKeys.documents(userId ?? '', agentId) }),
  });
}
