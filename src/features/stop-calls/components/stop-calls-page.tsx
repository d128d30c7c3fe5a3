import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { stopCallsSchema, type StopCallsInput } from '@contract/stop-calls.ts';
import { PublicLayout } from '@/components/layout/public-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField, honeypotValue } from '@/components/ui/honeypot-field';
import { Input } from '@/components/ui/input';
import { PRODUCT_NAME } from '@/config/constants';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { stopCallsErrorMessage, useStopCalls } from '../api/stop-calls';

/**
 * /stop-calls: a callee asks, without an account, that a number not be called again. Every
 * business that called it through us lists it at once; the answer never says who called.
 */
export function StopCallsPage() {
  useDocumentMeta(
    `Stop calls to your number | ${PRODUCT_NAME}`,
    `Got a call from an AI assistant placed through ${PRODUCT_NAME}? Enter your number and no business that called you through us will call it again.`,
  );
  const mutation = useStopCalls();
  const form = useForm<StopCallsInput, unknown, { phoneNumber: string }>({
    resolver: zodResolver(stopCallsSchema),
    defaultValues: { phoneNumber: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    formState: { errors },
  } = form;
  const error = errors.phoneNumber?.message;

  return (
    <PublicLayout>
      <div className="container max-w-2xl py-16">
        <header className="mb-8">
          <h1 className="text-4xl font-bold tracking-tight">Stop calls to your number</h1>
          <p className="mt-3 text-lg text-muted-foreground">
            Businesses use {PRODUCT_NAME} to place calls with an AI assistant. If one called you and
            you do not want to be called again, enter your number: every business that called it
            through us puts it on its do-not-call list at once, for good.
          </p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle>Your phone number</CardTitle>
            <CardDescription>
              You can also press 9 or say &ldquo;stop calling&rdquo; during a call, or text STOP to
              the number that called you.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {mutation.isSuccess ? (
              <p role="status" className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {mutation.data}
              </p>
            ) : (
              <form
                noValidate
                aria-label="Stop calls to your number"
                className="grid gap-4"
                onSubmit={form.handleSubmit((values, event) =>
                  mutation.mutate({
                    phoneNumber: values.phoneNumber,
                    website: honeypotValue(event),
                  }),
                )}
              >
                <FormField
                  label="Phone number"
                  error={error}
                  hint="A US number, as you would dial it."
                >
                  <Input
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    placeholder="(415) 555-0123"
                    maxLength={40}
                    {...form.register('phoneNumber')}
                  />
                </FormField>
                <HoneypotField />
                {mutation.isError ? (
                  <p role="alert" className="text-sm text-destructive">
                    {stopCallsErrorMessage(mutation.error)}
                  </p>
                ) : null}
                <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Sending…' : 'Stop calls to this number'}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
