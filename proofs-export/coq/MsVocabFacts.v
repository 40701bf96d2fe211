(* mapsound Coq support library: first facts about the derived names of the
   vocabulary (MsVocabulary.v, generated from lib/exec/vocabulary.cat) on
   well-formed executions, the ones a mapping proof reaches for first.
   They also show that MsExec.wf says what its comment says: the memory
   events' locations form an equivalence, program order stays within a
   thread, inclusion of scopes is mutual. *)

Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsVocabulary.

Section Facts.
Variable E : Type.
Variable X : Execution E.

(* M is memory_event. *)
Lemma M_memory_event : forall e, M X e <-> memory_event X e.
Proof. intro e; unfold M, memory_event; tauto. Qed.

(* loc = at;at^-1 is an equivalence on the memory events. *)
Lemma wf_loc_equivalence : wf X -> equivalence_on (M X) (loc X).
Proof.
  intros [_ [_ [_ [_ [_ [_ [_ [_ [Hat [Hfun [Hdom _]]]]]]]]]]].
  unfold loc; split; [| split; [| split]].
  - intros x y [i [Hx Hy]]; split; [apply (Hat x i Hx) | apply (Hat y i Hy)].
  - intros x y [<- Hx]; destruct (Hdom x Hx) as [i Hi]; exists i; split; assumption.
  - intros x y [i [Hy Hx]]; exists i; split; assumption.
  - intros x y [z [[i [Hx Hz]] [j [Hz' Hy]]]].
    assert (i = j) by (apply (Hfun i j); exists z; split; assumption); subst j.
    exists i; split; assumption.
Qed.

(* Program order relates events of one thread. *)
Lemma wf_po_int : wf X -> inclusion (po X) (int X).
Proof.
  intros H x y Hxy; left; unfold wf in H.
  repeat match type of H with
         | strict_total_within _ _ /\ _ => destruct H as [[Hpo _] _]
         | _ /\ ?rest => destruct H as [_ H]
         end.
  apply Hpo, Hxy.
Qed.

(* incl is symmetric, on any execution. *)
Lemma incl_symmetric : inclusion (incl X) (inv (incl X)).
Proof. intros x y [A B]; split; assumption. Qed.

End Facts.
