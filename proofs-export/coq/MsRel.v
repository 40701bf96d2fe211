(* mapsound Coq support library: sets and relations as predicates over an
   abstract type of events, the relational operators of the .cat language,
   inductive closures, the acyclic/irreflexive/empty/total_on tests, least
   fixpoints, and the first lemmas a mapping proof reaches for.  Nothing here
   assumes the events are finite: statements hold for executions of any
   size. *)

Set Implicit Arguments.

Section Relations.
Variable E : Type.

Definition set := E -> Prop.
Definition rel := E -> E -> Prop.

(* Sets. *)
Definition set_empty : set := fun _ => False.
Definition set_full : set := fun _ => True.
Definition set_union (a b : set) : set := fun x => a x \/ b x.
Definition set_inter (a b : set) : set := fun x => a x /\ b x.
Definition set_diff (a b : set) : set := fun x => a x /\ ~ b x.
Definition set_compl (a : set) : set := fun x => ~ a x.

(* Relations. *)
Definition rel_empty : rel := fun _ _ => False.
Definition rel_full : rel := fun _ _ => True.
Definition union (r s : rel) : rel := fun x y => r x y \/ s x y.
Definition inter (r s : rel) : rel := fun x y => r x y /\ s x y.
Definition diff (r s : rel) : rel := fun x y => r x y /\ ~ s x y.
Definition compl (r : rel) : rel := fun x y => ~ r x y.
Definition seq (r s : rel) : rel := fun x y => exists z, r x z /\ s z y.
Definition inv (r : rel) : rel := fun x y => r y x.
Definition prod (a b : set) : rel := fun x y => a x /\ b y.
Definition iden : rel := fun x y => x = y.
(* [a]: the identity on a set. *)
Definition brack (a : set) : rel := fun x y => x = y /\ a x.
Definition domain (r : rel) : set := fun x => exists y, r x y.
Definition range (r : rel) : set := fun y => exists x, r x y.

(* Transitive closure r+ and reflexive-transitive closure r*, inductive. *)
Inductive tc (r : rel) : rel :=
| tc_step : forall x y, r x y -> tc r x y
| tc_trans : forall x y z, tc r x y -> tc r y z -> tc r x z.

Inductive rtc (r : rel) : rel :=
| rtc_refl : forall x, rtc r x x
| rtc_step : forall x y, r x y -> rtc r x y
| rtc_trans : forall x y z, rtc r x y -> rtc r y z -> rtc r x z.

(* r? *)
Definition opt (r : rel) : rel := union iden r.

(* Tests. *)
Definition irreflexive (r : rel) : Prop := forall x, ~ r x x.
Definition acyclic (r : rel) : Prop := irreflexive (tc r).
Definition empty (r : rel) : Prop := forall x y, ~ r x y.
Definition set_is_empty (a : set) : Prop := forall x, ~ a x.
Definition total_on (a : set) (r : rel) : Prop :=
  forall x y, a x -> a y -> x <> y -> r x y \/ r y x.

(* Inclusion and equality. *)
Definition inclusion (r s : rel) : Prop := forall x y, r x y -> s x y.
Definition same_rel (r s : rel) : Prop := inclusion r s /\ inclusion s r.
Definition set_inclusion (a b : set) : Prop := forall x, a x -> b x.

(* Least fixpoints (let rec): the intersection of all pre-fixpoints. *)
Definition mono (F : rel -> rel) : Prop :=
  forall r s, inclusion r s -> inclusion (F r) (F s).
Definition lfp (F : rel -> rel) : rel :=
  fun x y => forall s, inclusion (F s) s -> s x y.
Definition set_mono (F : set -> set) : Prop :=
  forall a b, set_inclusion a b -> set_inclusion (F a) (F b).
Definition set_lfp (F : set -> set) : set :=
  fun x => forall a, set_inclusion (F a) a -> a x.

(* ---- Lemmas ---- *)

Lemma inclusion_refl : forall r, inclusion r r.
Proof. unfold inclusion; auto. Qed.

Lemma inclusion_trans : forall r s t, inclusion r s -> inclusion s t -> inclusion r t.
Proof. unfold inclusion; eauto. Qed.

Lemma tc_mono : forall r s, inclusion r s -> inclusion (tc r) (tc s).
Proof.
  intros r s H x y Hxy; induction Hxy.
  - apply tc_step; auto.
  - eapply tc_trans; eauto.
Qed.

Lemma rtc_mono : forall r s, inclusion r s -> inclusion (rtc r) (rtc s).
Proof.
  intros r s H x y Hxy; induction Hxy.
  - apply rtc_refl.
  - apply rtc_step; auto.
  - eapply rtc_trans; eauto.
Qed.

Lemma tc_incl : forall r, inclusion r (tc r).
Proof. intros r x y; apply tc_step. Qed.

Lemma tc_idem : forall r, same_rel (tc (tc r)) (tc r).
Proof.
  intro r; split; intros x y H.
  - induction H; [assumption | eapply tc_trans; eauto].
  - apply tc_step; assumption.
Qed.

Lemma rtc_tc : forall r x y, rtc r x y <-> x = y \/ tc r x y.
Proof.
  intros r x y; split.
  - intro H; induction H.
    + left; reflexivity.
    + right; apply tc_step; assumption.
    + destruct IHrtc1 as [<- | H1]; destruct IHrtc2 as [<- | H2]; auto.
      right; eapply tc_trans; eauto.
  - intros [<- | H]; [apply rtc_refl |].
    induction H; [apply rtc_step | eapply rtc_trans]; eauto.
Qed.

Lemma seq_assoc : forall r s t, same_rel (seq (seq r s) t) (seq r (seq s t)).
Proof.
  intros r s t; split; intros x y H.
  - destruct H as [z [[w [H1 H2]] H3]]; exists w; split; [| exists z]; auto.
  - destruct H as [w [H1 [z [H2 H3]]]]; exists z; split; [exists w |]; auto.
Qed.

Lemma seq_mono : forall r r' s s', inclusion r r' -> inclusion s s' ->
  inclusion (seq r s) (seq r' s').
Proof. intros r r' s s' H1 H2 x y [z [A B]]; exists z; auto. Qed.

Lemma union_incl_l : forall r s, inclusion r (union r s).
Proof. unfold union; intros r s x y; auto. Qed.

Lemma union_incl_r : forall r s, inclusion s (union r s).
Proof. unfold union; intros r s x y; auto. Qed.

Lemma union_incl : forall r s t, inclusion r t -> inclusion s t -> inclusion (union r s) t.
Proof. intros r s t H1 H2 x y [H | H]; auto. Qed.

Lemma union_mono : forall r r' s s', inclusion r r' -> inclusion s s' ->
  inclusion (union r s) (union r' s').
Proof. intros r r' s s' H1 H2 x y [H | H]; [left | right]; auto. Qed.

Lemma inter_mono : forall r r' s s', inclusion r r' -> inclusion s s' ->
  inclusion (inter r s) (inter r' s').
Proof. intros r r' s s' H1 H2 x y [A B]; split; auto. Qed.

Lemma acyclic_incl : forall r s, inclusion r s -> acyclic s -> acyclic r.
Proof. intros r s H Hs x Hx; apply (Hs x); apply (tc_mono H); assumption. Qed.

Lemma lfp_least : forall F s, inclusion (F s) s -> inclusion (lfp F) s.
Proof. intros F s H x y Hxy; apply Hxy; assumption. Qed.

Lemma lfp_fold : forall F, mono F -> inclusion (F (lfp F)) (lfp F).
Proof.
  intros F HF x y H s Hs; apply Hs.
  apply (HF (lfp F) s); [| assumption].
  intros a b Hab; apply Hab; assumption.
Qed.

Lemma set_lfp_least : forall F a, set_inclusion (F a) a -> set_inclusion (set_lfp F) a.
Proof. intros F a H x Hx; apply Hx; assumption. Qed.

Lemma set_lfp_fold : forall F, set_mono F -> set_inclusion (F (set_lfp F)) (set_lfp F).
Proof.
  intros F HF x H a Ha; apply Ha.
  apply (HF (set_lfp F) a); [| assumption].
  intros b Hb; apply Hb; assumption.
Qed.

Lemma union_comm : forall r s, same_rel (union r s) (union s r).
Proof. intros r s; split; intros x y [H | H]; [right | left | right | left]; exact H. Qed.

Lemma inter_incl_l : forall r s, inclusion (inter r s) r.
Proof. intros r s x y [H _]; exact H. Qed.

Lemma inter_incl_r : forall r s, inclusion (inter r s) s.
Proof. intros r s x y [_ H]; exact H. Qed.

Lemma seq_union_l : forall r s t, same_rel (seq (union r s) t) (union (seq r t) (seq s t)).
Proof.
  intros r s t; split; intros x y H.
  - destruct H as [z [[A | A] B]]; [left | right]; exists z; auto.
  - destruct H as [[z [A B]] | [z [A B]]]; exists z; split; auto; [left | right]; auto.
Qed.

Lemma seq_union_r : forall r s t, same_rel (seq r (union s t)) (union (seq r s) (seq r t)).
Proof.
  intros r s t; split; intros x y H.
  - destruct H as [z [A [B | B]]]; [left | right]; exists z; auto.
  - destruct H as [[z [A B]] | [z [A B]]]; exists z; split; auto; [left | right]; auto.
Qed.

Lemma inv_inv : forall r, same_rel (inv (inv r)) r.
Proof. intro r; split; intros x y H; exact H. Qed.

Lemma tc_seq_tc : forall r, inclusion (seq (tc r) (tc r)) (tc r).
Proof. intros r x y [z [A B]]; eapply tc_trans; eauto. Qed.

Lemma rtc_seq_tc : forall r, inclusion (seq (rtc r) (tc r)) (tc r).
Proof.
  intros r x y [z [A B]]; apply rtc_tc in A; destruct A as [<- | A]; [exact B | eapply tc_trans; eauto].
Qed.

Lemma acyclic_tc : forall r, acyclic r <-> acyclic (tc r).
Proof.
  intro r; split; intros H x Hx; apply (H x).
  - apply (proj1 (tc_idem r)); exact Hx.
  - apply tc_step; exact Hx.
Qed.

Lemma irreflexive_incl : forall r s, inclusion r s -> irreflexive s -> irreflexive r.
Proof. intros r s H Hs x Hx; apply (Hs x), H, Hx. Qed.

Lemma empty_incl : forall r s, inclusion r s -> empty s -> empty r.
Proof. intros r s H Hs x y Hxy; apply (Hs x y), H, Hxy. Qed.

End Relations.

Arguments set_empty {E} _.
Arguments set_full {E} _.
Arguments rel_empty {E} _ _.
Arguments rel_full {E} _ _.
Arguments iden {E} _ _.
