import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { agentKeys } from './query-keys';

/** `DELETE /task/agents/{id}/documents/{document_id}`; throws ApiError. */
export function removeDocument({ agentId, documentId }: { agentId: string; documentId: string }) {
  return unwrap(
    callApi.DELETE('/task/agents/{id}/documents/{document_id}', {
      params: { path: { id: agentId, document_id: documentId } },
    }),
  );
}

export function useRemoveDocument(userId: string | null | undefined, agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDocument,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: agentKeys.documents(userId ?? '', agentId) }),
  });
}
