import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField, honeypotValue } from '@/components/ui/honeypot-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CONTACT_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import {
  contactRequestLimits,
  contactRequestSchema,
  emptyContactRequest,
  type ContactRequestInput,
  type ContactRequestValues,
} from '../api/contact-request-schema';
import { contactRequestErrorMessage, useCreateContactRequest } from '../api/create-contact-request';

/**
 * 'Contact Enterprise Sales'. Sends the request to the contact-request edge
 * function, then toasts and returns home after 2 s. On failure nothing the visitor typed is lost.
 * A hidden honeypot field (`website`) is left empty by people and filled by form bots.
 */

export function ContactForm() {
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const form = useForm<ContactRequestInput, unknown, ContactRequestValues>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: emptyContactRequest,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const mutation = useCreateContactRequest({
    onSuccess: () => {
      setSent(true);
      toast.success('Request sent', {
        description: 'Thanks! Our sales team will get back to you shortly.',
      });
    },
    onError: (error) => {
      toast.error('Could not send your request', {
        description: contactRequestErrorMessage(error),
      });
    },
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => navigate(paths.home.href), CONTACT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const busy = mutation.isPending || sent;

  return (
    <form
      noValidate
      aria-label="Contact Enterprise Sales"
      onSubmit={handleSubmit((values, event) =>
        mutation.mutate({ ...values, website: honeypotValue(event) }),
      )}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full name" error={errors.fullName?.message}>
          <Input
            autoComplete="name"
            maxLength={contactRequestLimits.fullName}
            {...register('fullName')}
          />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            maxLength={contactRequestLimits.email}
            {...register('email')}
          />
        </FormField>
        <FormField label="Company" error={errors.companyName?.message}>
          <Input
            autoComplete="organization"
            maxLength={contactRequestLimits.companyName}
            {...register('companyName')}
          />
        </FormField>
        <FormField label="Job title" error={errors.role?.message}>
          <Input
            autoComplete="organization-title"
            maxLength={contactRequestLimits.role}
            {...register('role')}
          />
        </FormField>
      </div>
      <FormField
        label={
          <>
            Phone number <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={errors.phoneNumber?.message}
      >
        <Input
          type="tel"
          autoComplete="tel"
          maxLength={contactRequestLimits.phoneNumber}
          {...register('phoneNumber')}
        />
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <Textarea rows={6} maxLength={contactRequestLimits.message} {...register('message')} />
      </FormField>
      <HoneypotField />
      <Button type="submit" size="lg" disabled={busy} className="justify-self-start">
        {mutation.isPending ? 'Sending...' : sent ? 'Sent' : 'Send request'}
      </Button>
    </form>
  );
}
