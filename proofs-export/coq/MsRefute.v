(* mapsound Coq support library: what the refutation of a lemma statement
   by a concrete counterexample needs beyond computation.  The statement
   quantifies over every source witness (coherence order, ...); each is a
   relation of Prop, bounded by its declared upper bound (the model's
   '<witness>_bound' requirement).  With excluded middle (Coq's axiom
   'classic', the only axiom used) every such relation is reflected by the
   boolean relation of some subset of the bound's pairs, so checking every
   subset by computation covers every witness. *)

Require Import Coq.Lists.List Coq.Bool.Bool Coq.Logic.Classical_Prop.
Require Import Mapsound.MsRel Mapsound.MsDecide.
Import ListNotations.
Set Implicit Arguments.

Section Refute.
Variable E : Type.
Variable fin : finite E.

Let eqb_true x y : eqb fin x y = true <-> x = y := eqb_eq fin x y.

Definition rel_of_list (l : list (E * E)) : brel E :=
  fun x y => existsb (fun p => eqb fin (fst p) x && eqb fin (snd p) y) l.
Definition set_of_list (l : list E) : bset E := fun x => existsb (fun y => eqb fin y x) l.

Fixpoint subsets {A} (l : list A) : list (list A) :=
  match l with
  | [] => [[]]
  | p :: t => let s := subsets t in map (cons p) s ++ s
  end.

(* The pairs (the elements) where b holds. *)
Definition pairs_where (b : brel E) : list (E * E) :=
  filter (fun p => b (fst p) (snd p)) (list_prod (elems fin) (elems fin)).
Definition elements_where (b : bset E) : list E := filter b (elems fin).

Lemma rel_of_list_in : forall l x y, rel_of_list l x y = true <-> In (x, y) l.
Proof.
  intros l x y; unfold rel_of_list; rewrite existsb_exists; split.
  - intros [[a b] [H1 H2]]; apply andb_true_iff in H2; destruct H2 as [A B].
    apply eqb_true in A; apply eqb_true in B; simpl in *; subst; exact H1.
  - intro H; exists (x, y); split; [exact H |]; simpl; apply andb_true_iff; split; apply eqb_true; reflexivity.
Qed.
Lemma set_of_list_in : forall l x, set_of_list l x = true <-> In x l.
Proof.
  intros l x; unfold set_of_list; rewrite existsb_exists; split.
  - intros [y [H1 H2]]; apply eqb_true in H2; subst; exact H1.
  - intro H; exists x; split; [exact H | apply eqb_true; reflexivity].
Qed.

Lemma bound_in_pairs : forall b (U P : rel E), reflects2 b U -> empty (diff P U) ->
  forall x y, P x y -> In (x, y) (pairs_where b).
Proof.
  intros b U P Hb He x y Hxy; unfold pairs_where; apply filter_In; split.
  - apply in_prod; apply elems_all.
  - simpl; destruct (b x y) eqn:E1; [reflexivity |].
    exfalso; apply (He x y); split; [exact Hxy | intro HU; apply Hb in HU; congruence].
Qed.
Lemma bound_in_elements : forall b (U P : set E), reflects1 b U -> set_is_empty (set_diff P U) ->
  forall x, P x -> In x (elements_where b).
Proof.
  intros b U P Hb He x Hx; unfold elements_where; apply filter_In; split; [apply elems_all |].
  destruct (b x) eqn:E1; [reflexivity |].
  exfalso; apply (He x); split; [exact Hx | intro HU; apply Hb in HU; congruence].
Qed.

Lemma subset_reflects2 : forall (U : list (E * E)) (P : rel E), (forall x y, P x y -> In (x, y) U) ->
  exists s, In s (subsets U) /\ reflects2 (rel_of_list s) P.
Proof.
  induction U as [| [a b] U IH]; intros P HP.
  - exists []; split; [left; reflexivity |].
    intros x y; simpl; split; [discriminate | intro H; destruct (HP x y H)].
  - destruct (IH (fun x y => P x y /\ (x, y) <> (a, b))) as [s [Hs Hr]].
    { intros x y [H1 H2]; destruct (HP x y H1) as [H | H]; [congruence | exact H]. }
    destruct (classic (P a b)) as [Hab | Hab].
    + exists ((a, b) :: s); split; [simpl; apply in_or_app; left; apply in_map, Hs |].
      intros x y; unfold rel_of_list; simpl; rewrite orb_true_iff; fold (rel_of_list s x y); rewrite (Hr x y).
      rewrite andb_true_iff, (eqb_true a x), (eqb_true b y); split.
      * intros [[<- <-] | [H _]]; assumption.
      * intro H; destruct (classic ((x, y) = (a, b))) as [Q | Q]; [left; injection Q; auto | right; auto].
    + exists s; split; [simpl; apply in_or_app; right; exact Hs |].
      intros x y; rewrite (Hr x y); split; [tauto |].
      intro H; split; [exact H | intro Q; injection Q; intros -> ->; contradiction].
Qed.

Lemma subset_reflects1 : forall (U : list E) (P : set E), (forall x, P x -> In x U) ->
  exists s, In s (subsets U) /\ reflects1 (set_of_list s) P.
Proof.
  induction U as [| a U IH]; intros P HP.
  - exists []; split; [left; reflexivity |].
    intros x; simpl; split; [discriminate | intro H; destruct (HP x H)].
  - destruct (IH (fun x => P x /\ x <> a)) as [s [Hs Hr]].
    { intros x [H1 H2]; destruct (HP x H1) as [H | H]; [congruence | exact H]. }
    destruct (classic (P a)) as [Ha | Ha].
    + exists (a :: s); split; [simpl; apply in_or_app; left; apply in_map, Hs |].
      intros x; unfold set_of_list; simpl; rewrite orb_true_iff; fold (set_of_list s x); rewrite (Hr x).
      rewrite (eqb_true a x); split.
      * intros [<- | [H _]]; assumption.
      * intro H; destruct (classic (x = a)) as [Q | Q]; [left; auto | right; auto].
    + exists s; split; [simpl; apply in_or_app; right; exact Hs |].
      intros x; rewrite (Hr x); split; [tauto |].
      intro H; split; [exact H | intros ->; contradiction].
Qed.

End Refute.
