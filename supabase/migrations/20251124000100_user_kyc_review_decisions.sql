-- A review decision ('complete' or 'rejected') is the reviewer's: a user may resubmit their details
-- only while they await review (or never finished), so a rejected account cannot put itself back
-- to 'pending' (which the call API accepts) by upserting its own row.

drop policy "Users can resubmit their own KYC record for review" on public.user_kyc;

create policy "Users can resubmit their own KYC record until it is reviewed"
  on public.user_kyc for update
  to authenticated
  using (
    user_id = (select auth.uid())
    and (kyc_status is null or kyc_status in ('pending', 'incomplete'))
  )
  with check (user_id = (select auth.uid()) and kyc_status = 'pending');
